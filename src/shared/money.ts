/** Prices are in Brazilian reais (2-administration §9), written the Brazilian way: R$ 49,90. */
const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** A plan's or an invoice's amount (a decimal string, as the database keeps it) for people. */
export const formatBrl = (amount: string | number) => brl.format(Number(amount));
