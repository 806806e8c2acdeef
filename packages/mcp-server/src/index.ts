// Everything exported from this file is public API; everything else is internal.
export {};
