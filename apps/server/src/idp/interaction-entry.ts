import type { KoaContextWithOIDC } from 'oidc-provider';
import type { PageContext } from './html.js';
import { interactionUrls, renderInteractionEntry } from './interaction-routes.js';

/**
 * Provider middleware: an authorization request that needs the user to sign in is answered with
 * the sign-in form itself, instead of oidc-provider's redirect to the interaction's page (one
 * round trip fewer between a signed-out visitor and the form, which on a slow line is a good
 * part of the wait).
 *
 * Everything else stays as oidc-provider made it: the interaction is stored, its cookies are set
 * (scoped to the interaction's path, where the form posts), and the page is the one the
 * interaction's own URL shows (interaction-routes.ts), which a reload there still serves. A
 * reload of this page is a new authorization request, as it would have been before. An
 * interaction for anything but the sign-in prompt, or sent elsewhere, keeps its redirect.
 */
export function createInteractionEntry(page: PageContext, basePath: string) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<unknown>): Promise<void> => {
    await next();
    const { oidc } = ctx;
    const interaction = oidc?.entities.Interaction;
    if (oidc?.route !== 'authorization' || ctx.status !== 303 || !interaction) return;
    if (interaction.prompt.name !== 'login') return;
    if (ctx.response.get('location') !== interactionUrls(basePath, interaction.uid).entry) return;
    ctx.status = 200;
    ctx.remove('location');
    ctx.set('cache-control', 'no-store');
    ctx.type = 'html';
    ctx.body = renderInteractionEntry(page, basePath, interaction);
  };
}
