import type { Config } from '../platform/config';
import { EfiPix } from './efi';
import { FakePix } from './fake';
import type { PixProvider } from './provider';

/** The provider config.pix names, or none: checkout then says billing is not set up. */
export function createPixProvider(config: Config): PixProvider | undefined {
  if (!config.pix) return undefined;
  return config.pix.provider === 'efi' ? new EfiPix(config.pix) : new FakePix();
}
