// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loginScopes } from '../../shared/facebook-login';
import { type FacebookLoginResponse, type FacebookSdk, loginWith } from './facebook-sdk';

const sdkAnswering = (response: FacebookLoginResponse) => {
  const asked: string[] = [];
  const sdk: FacebookSdk = {
    init: () => undefined,
    login: (callback, options) => {
      asked.push(options.scope);
      callback(response);
    },
  };
  return { sdk, asked };
};

describe('the web client’s Facebook login (the SDK)', () => {
  it('hands over the user id and token of a completed login, for pages or for Instagram', async () => {
    const { sdk, asked } = sdkAnswering({
      status: 'connected',
      authResponse: { accessToken: 'tok', userID: '42' },
    });
    expect(await loginWith(sdk, true)).toEqual({
      facebookUserId: '42',
      facebookUserToken: 'tok',
      addInstagram: true,
    });
    expect(asked).toEqual([loginScopes(true)]);
  });

  it('ignores a login whose status is unknown or whose permissions were refused', async () => {
    expect(await loginWith(sdkAnswering({ status: 'unknown', authResponse: null }).sdk, false)).toBeNull();
    expect(await loginWith(sdkAnswering({ status: 'not_authorized' }).sdk, false)).toBeNull();
  });

  it('asks for the pages’ messaging permissions, and Instagram’s with business management for Instagram', () => {
    expect(loginScopes(false).split(',')).toEqual(
      expect.arrayContaining(['pages_show_list', 'pages_messaging']),
    );
    expect(loginScopes(false)).not.toContain('instagram');
    expect(loginScopes(true).split(',')).toEqual(
      expect.arrayContaining(['instagram_manage_messages', 'business_management', 'pages_messaging']),
    );
  });
});
