/**
 * Packages whose runtime-neutral test modules run in every runtime of the matrix. Adding a package is
 * one line: its folder. Every `test/**\/*.test.ts` of the package is neutral unless its name ends in
 * `.node.test.ts` (Node-only: a real socket, `node:crypto`, the file system) or `.types.test.ts`.
 */
export const matrixPackages: readonly string[] = ['packages/signer'];
