// The declarations of scripts/launch.js (plain JavaScript, run before anything is compiled) for the tests.
/** Folders whose .ts files the code's compile reads, walked recursively. */
export declare const SOURCE_DIRS: string[];
/** Single files (relative to the root) whose change changes the compile. */
export declare const CONFIG_FILES: string[];
/** The newest modification time (ms) of the compile's inputs under `root`. */
export declare function newestInput(root?: string): number;
/** Whether `root`'s dist/ holds the compile of its current sources (and `target` exists, when given). */
export declare function codeIsFresh(target?: string, root?: string): boolean;
