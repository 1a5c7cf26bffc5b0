import { describe, expect, it } from 'vitest';
import { fillTemplate, placeholdersOf } from './templates';

describe('message template placeholders', () => {
  it('are listed once each, in the order they first appear, positional or named', () => {
    expect(placeholdersOf('Olá {{1}}, seu pedido {{2}} saiu. {{1}}, obrigado!')).toEqual(['1', '2']);
    expect(placeholdersOf('Oi {{ nome }}, seu código é {{codigo}}')).toEqual(['nome', 'codigo']);
    expect(placeholdersOf(null)).toEqual([]);
  });

  it('are filled by that order, every occurrence alike; one without a value stays as written', () => {
    expect(fillTemplate('Olá {{1}}, pedido {{2}}. Até logo, {{1}}!', ['Rui', '123'])).toBe(
      'Olá Rui, pedido 123. Até logo, Rui!',
    );
    expect(fillTemplate('Oi {{nome}}, código {{codigo}}', ['Ana', ''])).toBe('Oi Ana, código {{codigo}}');
  });
});
