/**
 * What a Facebook login needs, whichever way it runs (the SDK in the web client, the system browser in
 * the desktop app): the Meta app and the Graph API version the server publishes (public settings
 * facebookAppId and facebookApiVersion), and whether the login is for Instagram. The desktop's ipc
 * validates it (src/shared/ipc.ts); this module stays free of zod, as the web client's first paint loads it.
 */
export interface FacebookLoginRequest {
  appId: string;
  version: string;
  instagram: boolean;
}

/**
 * 2-administration §9: the pages' and Instagram's messaging permissions; business_management with
 * Instagram, whose accounts often belong to a business portfolio rather than to the page's admin.
 */
export function loginScopes(instagram: boolean) {
  const pages = ['pages_show_list', 'pages_messaging', 'pages_manage_metadata', 'pages_read_engagement'];
  const ig = ['instagram_basic', 'instagram_manage_messages', 'business_management'];
  return (instagram ? [...pages, ...ig] : pages).join(',');
}

/** Facebook's login dialog and the Graph API, where a login made without the SDK goes. */
export const FACEBOOK_WEB = 'https://www.facebook.com';
export const FACEBOOK_GRAPH = 'https://graph.facebook.com';

/**
 * The login dialog of Facebook Login's manual flow, answering with a user token in the redirect's
 * fragment (`#access_token=…&state=…`), or `?error=…&state=…` when the person declines.
 */
export function loginDialogUrl(request: FacebookLoginRequest, redirectUri: string, state: string): string {
  const url = new URL(`/${request.version}/dialog/oauth`, FACEBOOK_WEB);
  url.search = new URLSearchParams({
    client_id: request.appId,
    redirect_uri: redirectUri,
    state,
    response_type: 'token',
    scope: loginScopes(request.instagram),
  }).toString();
  return url.toString();
}
