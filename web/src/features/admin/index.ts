/**
 * What other features may use from the staff screens: nothing so far (the order screen's staff
 * panel is the orders feature's own). The router loads its screens straight from their files.
 */
export {};
