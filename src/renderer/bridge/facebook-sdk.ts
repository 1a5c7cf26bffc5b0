import type { FacebookLogin } from '../../shared/api/graph';
import { type FacebookLoginRequest, loginScopes } from '../../shared/facebook-login';

/** What Facebook's JS SDK answers from FB.login: a token when the person logged in and allowed the app. */
export interface FacebookLoginResponse {
  status: 'connected' | 'not_authorized' | 'unknown';
  authResponse?: { accessToken: string; userID: string } | null;
}

/** The part of the SDK (window.FB) this app uses. */
export interface FacebookSdk {
  init(params: { appId: string; version: string; cookie: boolean; xfbml: boolean }): void;
  login(callback: (response: FacebookLoginResponse) => void, options: { scope: string }): void;
}

declare global {
  interface Window {
    FB?: FacebookSdk;
    fbAsyncInit?: () => void;
  }
}

const SDK_URL = 'https://connect.facebook.net/en_US/sdk.js';
/** Without the network (or under a policy that blocks it) the SDK never loads: the paste dialog takes over. */
const SDK_TIMEOUT_MS = 8000;

let loading: Promise<FacebookSdk> | undefined;

/** Loads and initialises the SDK once per page. */
function loadFacebookSdk(appId: string, version: string): Promise<FacebookSdk> {
  loading ??= new Promise<FacebookSdk>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the Facebook SDK did not load in time')),
      SDK_TIMEOUT_MS,
    );
    window.fbAsyncInit = () => {
      clearTimeout(timer);
      const sdk = window.FB!;
      sdk.init({ appId, version, cookie: false, xfbml: false });
      resolve(sdk);
    };
    const script = document.createElement('script');
    script.src = SDK_URL;
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.onerror = () => {
      clearTimeout(timer);
      reject(new Error('the Facebook SDK did not load'));
    };
    document.body.appendChild(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * The login's answer as POST /facebook takes it, or null when the person did not log in: a result with
 * status 'unknown' (the popup closed) is ignored (2-administration §2.1), and so is a refused permission.
 */
export function loginWith(sdk: FacebookSdk, instagram: boolean): Promise<FacebookLogin | null> {
  return new Promise((resolve) => {
    sdk.login(
      (response) => {
        const auth = response.authResponse;
        resolve(
          response.status === 'connected' && auth
            ? { facebookUserId: auth.userID, facebookUserToken: auth.accessToken, addInstagram: instagram }
            : null,
        );
      },
      { scope: loginScopes(instagram) },
    );
  });
}

/** The web client's Facebook login: Facebook's own SDK in the page; throws when the SDK cannot load. */
export async function sdkFacebookLogin({ appId, version, instagram }: FacebookLoginRequest) {
  return loginWith(await loadFacebookSdk(appId, version), instagram);
}
