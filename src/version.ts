/** This package's version, written into every trace header and golden. */
export const PACKAGE_VERSION = '0.1.0';
