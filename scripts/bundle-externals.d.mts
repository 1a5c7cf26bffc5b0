export function packageOf(specifier: string): string;
export function importsOf(code: string): string[];
export function externalsOf(code: string): string[];
export function strayExternals(dirs: string[], dependencies: string[]): string[];
export function productionDependencies(): string[];
