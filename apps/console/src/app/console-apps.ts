import { accountsApp } from '@boon/app-accounts';

/**
 * The console apps of this build (spec 2.5's separately loaded applications). Adding one is a
 * line here: its routes join the tree, its route names become link targets and sidebar entries
 * (app/route-names.ts), and its screens load as its own chunk.
 */
export const consoleApps = [accountsApp] as const;
