/**
 * What other features may use from checkout: nothing so far. The router loads its screens straight
 * from their files, each in a chunk of its own.
 */
export {};
