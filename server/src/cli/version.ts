import { version } from '../../../package.json';

/** The package version, inlined into the bundle at build time. */
export const VERSION: string = version;
