import type { Locales } from './types';

// The audit log screen (issue 17, beyond the spec).
export default {
  pt: {
    page: {
      title: 'Auditoria',
      search: 'Pesquisar',
      loading: 'Carregando a auditoria',
      empty: { title: 'Nenhum registro', message: 'As alterações feitas por administradores aparecem aqui.' },
      action: 'Ação',
      allActions: 'Todas as ações',
    },
    table: {
      when: 'Quando',
      who: 'Quem',
      company: 'Empresa',
      action: 'Ação',
      record: 'Registro',
      changes: 'Alterações',
      from: 'Origem',
      platform: 'Plataforma',
    },
    actions: {
      'plan.create': 'Plano criado',
      'plan.update': 'Plano alterado',
      'plan.delete': 'Plano excluído',
      'payment.confirm': 'Pagamento confirmado',
    },
  },
  en: {
    page: {
      title: 'Audit log',
      search: 'Search',
      loading: 'Loading the audit log',
      empty: { title: 'No entries', message: "Administrators' changes show up here." },
      action: 'Action',
      allActions: 'All actions',
    },
    table: {
      when: 'When',
      who: 'Who',
      company: 'Company',
      action: 'Action',
      record: 'Record',
      changes: 'Changes',
      from: 'From',
      platform: 'Platform',
    },
    actions: {
      'plan.create': 'Plan created',
      'plan.update': 'Plan changed',
      'plan.delete': 'Plan deleted',
      'payment.confirm': 'Payment confirmed',
    },
  },
  es: {
    page: {
      title: 'Auditoría',
      search: 'Buscar',
      loading: 'Cargando la auditoría',
      empty: { title: 'Ningún registro', message: 'Los cambios de los administradores aparecen aquí.' },
      action: 'Acción',
      allActions: 'Todas las acciones',
    },
    table: {
      when: 'Cuándo',
      who: 'Quién',
      company: 'Empresa',
      action: 'Acción',
      record: 'Registro',
      changes: 'Cambios',
      from: 'Origen',
      platform: 'Plataforma',
    },
    actions: {
      'plan.create': 'Plan creado',
      'plan.update': 'Plan modificado',
      'plan.delete': 'Plan eliminado',
      'payment.confirm': 'Pago confirmado',
    },
  },
  tr: {
    page: {
      title: 'Denetim kaydı',
      search: 'Ara',
      loading: 'Denetim kaydı yükleniyor',
      empty: { title: 'Kayıt yok', message: 'Yöneticilerin değişiklikleri burada görünür.' },
      action: 'İşlem',
      allActions: 'Tüm işlemler',
    },
    table: {
      when: 'Ne zaman',
      who: 'Kim',
      company: 'Şirket',
      action: 'İşlem',
      record: 'Kayıt',
      changes: 'Değişiklikler',
      from: 'Kaynak',
      platform: 'Platform',
    },
    actions: {
      'plan.create': 'Plan oluşturuldu',
      'plan.update': 'Plan değiştirildi',
      'plan.delete': 'Plan silindi',
      'payment.confirm': 'Ödeme onaylandı',
    },
  },
} satisfies Locales;
