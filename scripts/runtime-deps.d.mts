// Types of runtime-deps.mjs, for the test that imports it.
export interface PackageJson {
  name?: string;
  files?: string[];
  bin?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

export declare function packageOf(specifier: string): string | undefined;
export declare function importsOf(text: string): string[];
export declare function shippedScripts(root: string, pkg: PackageJson): string[];
export declare function runtimeDependencyProblems(root: string, pkg: PackageJson, files?: string[]): string[];
export declare function readPackage(root: string): PackageJson;
