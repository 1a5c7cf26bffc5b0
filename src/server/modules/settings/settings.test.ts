import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../../../package.json' with { type: 'json' };
import { api } from '../../../shared/api';
import { VALIDATION } from '../../../shared/errors';
import { events, type SettingsEvent } from '../../../shared/realtime';
import {
  COMPANY_SETTING_DEFAULTS,
  PLATFORM_SETTING_DEFAULTS,
  PLATFORM_SETTING_KEYS,
  REQUIRED_SETTING_MESSAGES,
} from '../../../shared/settings';
import { settings } from '../../db/schema';
import { aCompany, aUser, startTestServerAsSuper, type TestServer } from '../../test/server';

let server: TestServer;
let superToken: string;
beforeAll(async () => {
  ({ server, superToken } = await startTestServerAsSuper());
});
afterAll(() => server.stop());

type SettingRow = { key: string; value: string };

const aGenericSetting = (companyId: number, key: string, value: string) =>
  server.database.db.insert(settings).values({ companyId, key, value });

const saveCompanySetting = (token: string, column: string, data: string) =>
  server.call(api.settings.updateCompanySetting, { body: { column, data } }, { token });

describe('GET /settings', () => {
  it('shows the platform company every platform key, with defaults for those never saved', async () => {
    const res = await server.call(api.settings.list, {}, { token: superToken });
    expect(res.status).toBe(200);
    const rows = res.body as { key: string; value: string }[];
    for (const key of PLATFORM_SETTING_KEYS) {
      expect(rows).toContainEqual({ key, value: PLATFORM_SETTING_DEFAULTS[key] });
    }
  });

  it("shows a company only its own rows, never the platform's or another company's", async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    await aGenericSetting(a.id, 'asaasToken', 'secret-of-a');
    const ofA = (await server.call(api.settings.list, {}, { token: a.admin.token })).body as SettingRow[];
    const ofB = (await server.call(api.settings.list, {}, { token: b.admin.token })).body as SettingRow[];
    expect(ofA).toContainEqual({ key: 'asaasToken', value: 'secret-of-a' });
    expect(ofB.map((row) => row.key)).not.toContain('asaasToken');
    for (const key of PLATFORM_SETTING_KEYS) expect(ofA.map((row) => row.key)).not.toContain(key);
  });

  it("shows a company's admin every company key, with defaults, as GET /companySettings does", async () => {
    const company = await aCompany(server);
    await saveCompanySetting(company.admin.token, 'userRating', 'enabled');
    const rows = (await server.call(api.settings.list, {}, { token: company.admin.token }))
      .body as SettingRow[];
    expect(rows).toContainEqual({ key: 'userRating', value: 'enabled' });
    expect(rows).toContainEqual({ key: 'scheduleType', value: COMPANY_SETTING_DEFAULTS.scheduleType });
    expect(rows.map((row) => row.key)).toEqual(
      [...rows.map((row) => row.key)].sort((x, y) => x.localeCompare(y)),
    );
  });
});

describe('PUT /settings/:key with a company key', () => {
  it("saves the company's own value: GET /companySettings, GET /setting and the event agree", async () => {
    const company = await aCompany(server);
    const other = await aCompany(server);
    const socket = await server.socket(company.admin.token);
    const announced = new Promise<SettingsEvent>((resolve) =>
      socket.once(events.settings(company.id), resolve),
    );
    const res = await server.call(
      api.settings.update,
      { params: { key: 'userRating' }, body: { value: 'enabled' } },
      { token: company.admin.token },
    );
    expect(res).toMatchObject({ status: 200, body: { key: 'userRating', value: 'enabled' } });
    expect(await announced).toEqual({ action: 'update', setting: { key: 'userRating', value: 'enabled' } });
    const all = await server.call(
      api.settings.companySettings,
      { params: { companyId: company.id } },
      { token: company.admin.token },
    );
    expect(all.body).toMatchObject({ userRating: 'enabled' });
    const one = await server.call(
      api.settings.show,
      { params: { key: 'userRating' } },
      { token: company.admin.token },
    );
    expect(one.body).toEqual({ key: 'userRating', value: 'enabled' });
    const ofOther = await server.call(
      api.settings.show,
      { params: { key: 'userRating' } },
      { token: other.admin.token },
    );
    expect(ofOther.body).toEqual({ key: 'userRating', value: COMPANY_SETTING_DEFAULTS.userRating });
  });

  it('applies the value rule and the §5 message rules, and refuses a plain user', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    const bad = await server.call(
      api.settings.update,
      { params: { key: 'scheduleType' }, body: { value: 'weekly' } },
      { token: company.admin.token },
    );
    expect(bad.status).toBe(400);
    const noMessage = await server.call(
      api.settings.update,
      { params: { key: 'sendMsgTransfTicket' }, body: { value: 'enabled' } },
      { token: company.admin.token },
    );
    expect(noMessage).toMatchObject({ status: 400, body: { error: VALIDATION.required } });
    const plain = await server.call(
      api.settings.update,
      { params: { key: 'userRating' }, body: { value: 'enabled' } },
      { token: user.token },
    );
    expect(plain).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    const after = await server.call(
      api.settings.companySettings,
      { params: { companyId: company.id } },
      { token: company.admin.token },
    );
    expect(after.body).toMatchObject({
      scheduleType: 'disabled',
      sendMsgTransfTicket: 'disabled',
      userRating: 'disabled',
    });
  });
});

describe('PUT /settings/:key', () => {
  it('lets the super user change a platform key, readable at once and announced', async () => {
    const socket = await server.socket(superToken);
    const announced = new Promise<SettingsEvent>((resolve) => socket.once(events.settings(1), resolve));
    const res = await server.call(
      api.settings.update,
      { params: { key: 'appName' }, body: { value: 'Helpdesk' } },
      { token: superToken },
    );
    expect(res).toMatchObject({ status: 200, body: { key: 'appName', value: 'Helpdesk' } });
    expect(await announced).toEqual({ action: 'update', setting: { key: 'appName', value: 'Helpdesk' } });
    const shown = await server.call(api.settings.showPublic, { params: { key: 'appName' }, query: {} });
    expect(shown.body).toBe('Helpdesk');
  });

  it("refuses a company admin a platform key, leaving the platform's value alone", async () => {
    const company = await aCompany(server);
    const res = await server.call(
      api.settings.update,
      { params: { key: 'userCreation' }, body: { value: 'disabled' } },
      { token: company.admin.token },
    );
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    const shown = await server.call(
      api.settings.show,
      { params: { key: 'userCreation' } },
      { token: superToken },
    );
    expect(shown.body).toEqual({ key: 'userCreation', value: 'enabled' });
  });

  it('answers ERR_NO_SETTING_FOUND for a key it does not know', async () => {
    const res = await server.call(
      api.settings.update,
      { params: { key: 'noSuchKey' }, body: { value: 'x' } },
      { token: superToken },
    );
    expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_SETTING_FOUND' } });
  });

  it("validates the value with the key's own rule", async () => {
    const toggle = await server.call(
      api.settings.update,
      { params: { key: 'allowSignup' }, body: { value: 'maybe' } },
      { token: superToken },
    );
    const colour = await server.call(
      api.settings.update,
      { params: { key: 'primaryColorLight' }, body: { value: 'blue' } },
      { token: superToken },
    );
    expect(toggle.status).toBe(400);
    expect((toggle.body as { error: string }).error).toMatch(/enabled/);
    expect(colour.status).toBe(400);
    const shown = await server.call(api.settings.showPublic, {
      params: { key: 'primaryColorLight' },
      query: {},
    });
    expect(shown.body).toBe(PLATFORM_SETTING_DEFAULTS.primaryColorLight);
  });
});

describe('GET /setting/:key', () => {
  it('answers a platform key to any user, with its default', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    const res = await server.call(
      api.settings.show,
      { params: { key: 'allowSignup' } },
      { token: user.token },
    );
    expect(res).toMatchObject({ status: 200, body: { key: 'allowSignup', value: 'disabled' } });
  });

  it("answers the caller company's own row, and ERR_NO_SETTING_FOUND for another company's", async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    await aGenericSetting(a.id, 'integrationKey', 'of-a');
    const own = await server.call(
      api.settings.show,
      { params: { key: 'integrationKey' } },
      { token: a.admin.token },
    );
    const other = await server.call(
      api.settings.show,
      { params: { key: 'integrationKey' } },
      { token: b.admin.token },
    );
    expect(own.body).toEqual({ key: 'integrationKey', value: 'of-a' });
    expect(other).toMatchObject({ status: 404, body: { error: 'ERR_NO_SETTING_FOUND' } });
  });
});

describe('GET /public-settings/:key', () => {
  it('answers a public key without a token, as a JSON string', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/public-settings/allowSignup' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toBe('"disabled"');
  });

  it.each(['userCreation', 'frontendVersion', 'transferMessage', 'noSuchKey'])(
    'never answers %s, which is not public',
    async (key) => {
      const res = await server.call(api.settings.showPublic, { params: { key }, query: {} });
      expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_SETTING_FOUND' } });
    },
  );
});

describe('GET /companySettings/:companyId and /companySettingOne', () => {
  it('answers the caller company every setting, defaults included', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    const res = await server.call(
      api.settings.companySettings,
      { params: { companyId: company.id } },
      { token: user.token },
    );
    expect(res).toMatchObject({ status: 200, body: COMPANY_SETTING_DEFAULTS });
  });

  it("refuses another company's settings to its admin, but not to the super user", async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    await saveCompanySetting(a.admin.token, 'userRating', 'enabled');
    const byB = await server.call(
      api.settings.companySettings,
      { params: { companyId: a.id } },
      { token: b.admin.token },
    );
    const bySuper = await server.call(
      api.settings.companySettings,
      { params: { companyId: a.id } },
      { token: superToken },
    );
    expect(byB).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(bySuper).toMatchObject({ status: 200, body: { userRating: 'enabled' } });
  });

  it('answers the super user ERR_NO_COMPANY_FOUND for a company that does not exist', async () => {
    const res = await server.call(
      api.settings.companySettings,
      { params: { companyId: 99999 } },
      { token: superToken },
    );
    expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_COMPANY_FOUND' } });
  });

  it("reads one column of the caller's own company", async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    await saveCompanySetting(a.admin.token, 'requiredTag', 'enabled');
    const ofA = await server.call(
      api.settings.companySettingOne,
      { query: { column: 'requiredTag' } },
      { token: a.admin.token },
    );
    const ofB = await server.call(
      api.settings.companySettingOne,
      { query: { column: 'requiredTag' } },
      { token: b.admin.token },
    );
    expect(ofA).toMatchObject({ status: 200, body: { requiredTag: 'enabled' } });
    expect(ofB.body).toEqual({ requiredTag: 'disabled' });
  });

  it('answers ERR_NO_SETTING_FOUND for a column it does not know', async () => {
    const company = await aCompany(server);
    const res = await server.call(
      api.settings.companySettingOne,
      { query: { column: 'userCreation' } },
      { token: company.admin.token },
    );
    expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_SETTING_FOUND' } });
  });
});

describe('PUT /companySettings', () => {
  it('saves one key, answers every setting and tells the company, not other companies', async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    const colleague = await aUser(server, a.id);
    const ofA = await server.socket(colleague.token);
    const ofB = await server.socket(b.admin.token);
    const leaked: unknown[] = [];
    ofB.on(events.settings(a.id), (e) => leaked.push(e));
    const announced = new Promise<SettingsEvent>((resolve) => ofA.once(events.settings(a.id), resolve));

    const res = await saveCompanySetting(a.admin.token, 'scheduleType', 'queue');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...COMPANY_SETTING_DEFAULTS, scheduleType: 'queue' });
    expect(await announced).toEqual({ action: 'update', setting: { key: 'scheduleType', value: 'queue' } });

    // B's own save reaches B's socket after A's event would have: nothing of A's arrived before it.
    const ownEvent = new Promise((resolve) => ofB.once(events.settings(b.id), resolve));
    await saveCompanySetting(b.admin.token, 'userRating', 'enabled');
    await ownEvent;
    expect(leaked).toEqual([]);
    const bSettings = await server.call(
      api.settings.companySettings,
      { params: { companyId: b.id } },
      { token: b.admin.token },
    );
    expect(bSettings.body).toMatchObject({ scheduleType: 'disabled' });
  });

  it("validates the value with the key's own rule", async () => {
    const company = await aCompany(server);
    const toggle = await saveCompanySetting(company.admin.token, 'userRating', 'sometimes');
    const hours = await saveCompanySetting(company.admin.token, 'hoursCloseTicketsAuto', 'soon');
    expect(toggle.status).toBe(400);
    expect(hours.status).toBe(400);
  });

  it('answers ERR_NO_SETTING_FOUND for a column it does not know', async () => {
    const company = await aCompany(server);
    const res = await saveCompanySetting(company.admin.token, 'notASetting', 'enabled');
    expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_SETTING_FOUND' } });
  });

  it('saves for the caller company only, whatever the body carries', async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    await server.call(
      api.settings.updateCompanySetting,
      { body: { column: 'userRandom', data: 'enabled', companyId: a.id } as never },
      { token: b.admin.token },
    );
    const ofA = await server.call(
      api.settings.companySettingOne,
      { query: { column: 'userRandom' } },
      { token: a.admin.token },
    );
    expect(ofA.body).toEqual({ userRandom: 'disabled' });
  });

  describe.each(REQUIRED_SETTING_MESSAGES)(
    '$toggle set to $when needs $message',
    ({ toggle, when, message }) => {
      it('refuses the toggle while the message is empty', async () => {
        const company = await aCompany(server);
        const res = await saveCompanySetting(company.admin.token, toggle, when);
        expect(res).toMatchObject({ status: 400, body: { error: 'Required' } });
        const shown = await server.call(
          api.settings.companySettingOne,
          { query: { column: toggle } },
          { token: company.admin.token },
        );
        expect(shown.body).toEqual({ [toggle]: COMPANY_SETTING_DEFAULTS[toggle] });
      });

      it('accepts the toggle once the message is saved, then refuses clearing the message', async () => {
        const company = await aCompany(server);
        expect((await saveCompanySetting(company.admin.token, message, 'A message')).status).toBe(200);
        const res = await saveCompanySetting(company.admin.token, toggle, when);
        expect(res).toMatchObject({ status: 200, body: { [toggle]: when, [message]: 'A message' } });
        const cleared = await saveCompanySetting(company.admin.token, message, '   ');
        expect(cleared).toMatchObject({ status: 400, body: { error: 'Required' } });
      });
    },
  );
});

describe('GET and POST /version', () => {
  it("answers the server's own version until the super user publishes one", async () => {
    const before = await server.call(api.settings.version);
    expect(before).toMatchObject({ status: 200, body: { version: packageJson.version } });
    const set = await server.call(
      api.settings.setVersion,
      { body: { version: '9.9.9' } },
      { token: superToken },
    );
    expect(set).toMatchObject({ status: 200, body: { version: '9.9.9' } });
    expect((await server.call(api.settings.version)).body).toEqual({ version: '9.9.9' });
  });

  it('refuses a company admin', async () => {
    const company = await aCompany(server);
    const res = await server.call(
      api.settings.setVersion,
      { body: { version: '0.0.1' } },
      { token: company.admin.token },
    );
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });
});
