import { describe, expect, it } from 'vitest';
import { signBody } from './signature';

describe('message signatures', () => {
  it('puts the name in bold on a line above the text', () => {
    expect(signBody('Ana', 'Bom dia!')).toBe('*Ana:*\nBom dia!');
  });

  it('replaces a signature the text already carries instead of adding a second', () => {
    expect(signBody('Bia', '*Ana:*\nBom dia!')).toBe('*Bia:*\nBom dia!');
  });

  it('leaves bold text that is not a leading signature alone', () => {
    expect(signBody('Bia', 'Veja *isto:*\nagora')).toBe('*Bia:*\nVeja *isto:*\nagora');
  });
});
