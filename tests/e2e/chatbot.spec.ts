import { expect, type Locator, type Page, test } from '@playwright/test';
import { aCompanyWithAdmin, aPhone, logIn, type SentRecord, unique } from './helpers';

let call: Awaited<ReturnType<typeof aCompanyWithAdmin>>['call'];
let connectionId: number;
const id = unique();
const lia = { name: `Lia ${id}`, email: `lia-${id}@e2e.test`, password: 'lia-12345' };
const customer = { from: aPhone(), name: `Rui ${id}` };

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  ({ call } = await aCompanyWithAdmin(request));
  await call('POST', '/api/users', { ...lia, profile: 'admin' });
  const vendas = await call<{ id: number }>('POST', '/api/queue', {
    name: 'Vendas',
    color: '#2e7d32',
    orderQueue: 1,
  });
  const suporte = await call<{ id: number }>('POST', '/api/queue', {
    name: 'Suporte',
    color: '#1565c0',
    orderQueue: 2,
    greetingMessage: 'Suporte técnico: descreva o problema.',
  });
  await call('PUT', `/api/queue/${vendas.id}`, { greetingMessage: 'Vendas! Como podemos ajudar?' });
  const connection = await call<{ id: number }>('POST', '/api/test-channel/connections', {
    name: 'Loja',
    greetingMessage: 'Olá! Escolha um setor:',
    queueIds: [vendas.id, suporte.id],
  });
  connectionId = connection.id;
});

const sentTexts = async () =>
  (await call<(SentRecord & { to: string })[]>('GET', `/api/test-channel/${connectionId}/sent`))
    .filter((s) => s.to === customer.from)
    .map((s) => s.body);

const say = (body: string) =>
  call('POST', `/api/test-channel/${connectionId}/inbound`, { ...customer, body });

/** Types an option's name and message in its group of the editor. */
async function fillOption(option: Locator, name: string, message: string) {
  await option.getByRole('textbox', { name: 'Nome' }).first().fill(name);
  await option.getByRole('textbox', { name: 'Mensagem' }).first().fill(message);
}

async function chooseType(page: Page, option: Locator, type: string) {
  await option.getByRole('combobox', { name: 'Tipo' }).first().click();
  await page.getByRole('option', { name: type, exact: true }).click();
}

test('an admin builds a two-level menu in the queue dialog, and a customer walks it into the right queue', async ({
  browser,
}) => {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, lia.email, lia.password);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Filas' }).click();
  await page.getByRole('button', { name: 'Editar Vendas' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar fila' });
  await expect(
    dialog.getByText('Sem opções: o contato vai direto para os atendentes da fila.'),
  ).toBeVisible();

  // First level: "Produtos", which opens a level, and "Outros assuntos".
  await dialog.getByRole('button', { name: 'Adicionar opção' }).click();
  const produtos = dialog.getByRole('group', { name: 'Opção 1' });
  await expect(
    dialog.getByText('Com uma só opção neste nível, o chatbot a escolhe automaticamente.'),
  ).toBeVisible();
  // A level opens only under an option with a message (2-administration §5).
  await expect(produtos.getByRole('button', { name: 'Adicionar sub-opção em Opção 1' })).toBeDisabled();
  await fillOption(produtos, 'Produtos', 'Qual linha?');
  await dialog.getByRole('button', { name: 'Adicionar opção' }).click();
  await fillOption(
    dialog.getByRole('group', { name: 'Opção 2' }),
    'Outros assuntos',
    'Aguarde um atendente.',
  );

  // Second level under Produtos: a text option and one that moves the ticket to Suporte.
  const addUnderProdutos = dialog.getByRole('button', { name: 'Adicionar sub-opção em Produtos' });
  await addUnderProdutos.click();
  await fillOption(dialog.getByRole('group', { name: 'Opção 1.1' }), 'Casa', 'Veja a linha casa no site.');
  await addUnderProdutos.click();
  const toSupport = dialog.getByRole('group', { name: 'Opção 1.2' });
  await fillOption(toSupport, 'Defeitos', 'Levando você ao suporte.');
  await chooseType(page, toSupport, 'Fila');
  // The target is required: saving without it points at it.
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(toSupport.getByText('Obrigatório')).toBeVisible();
  await toSupport.getByRole('combobox', { name: 'Fila de destino' }).click();
  await page.getByRole('option', { name: 'Suporte' }).click();

  // A name under 4 characters is refused (2-administration §5), then fixed.
  await dialog.getByRole('group', { name: 'Opção 1.1' }).getByRole('textbox', { name: 'Nome' }).fill('Cas');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Muito curto!')).toBeVisible();
  await dialog.getByRole('group', { name: 'Opção 1.1' }).getByRole('textbox', { name: 'Nome' }).fill('Casa');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Operação realizada com sucesso!')).toBeVisible();

  // The tree is kept: opening the queue again shows it.
  await page.getByRole('button', { name: 'Editar Vendas' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Editar fila' }).getByRole('group', { name: 'Opção 1.2' }),
  ).toBeVisible();
  await page.getByRole('dialog', { name: 'Editar fila' }).getByRole('button', { name: 'Cancelar' }).click();

  // The customer walks it: the queue menu, Vendas, Produtos, Defeitos.
  await say('Oi');
  await expect.poll(sentTexts).toHaveLength(1);
  await say('1');
  await expect.poll(sentTexts).toHaveLength(2);
  await say('1');
  await expect.poll(sentTexts).toHaveLength(3);
  await say('2');
  await expect.poll(sentTexts).toHaveLength(5);
  expect(await sentTexts()).toEqual([
    'Olá! Escolha um setor:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte\n*[ Sair ]* - Encerrar atendimento',
    'Vendas! Como podemos ajudar?\n\n*[ 1 ]* - Produtos\n*[ 2 ]* - Outros assuntos\n*[ # ]* - Voltar\n*[ Sair ]* - Encerrar atendimento',
    'Qual linha?\n\n*[ 1 ]* - Casa\n*[ 2 ]* - Defeitos\n*[ # ]* - Voltar\n*[ Sair ]* - Encerrar atendimento',
    'Levando você ao suporte.',
    'Suporte técnico: descreva o problema.',
  ]);

  // In the inbox the conversation waits in Suporte.
  await page.goto('/tickets');
  await page.getByRole('tab', { name: 'Aguardando' }).click();
  const item = page
    .getByRole('list', { name: 'Lista de atendimentos' })
    .getByRole('listitem', { name: customer.name });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Suporte');
});
