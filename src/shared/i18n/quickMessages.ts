import type { Locales } from './types';

// Quick messages page and dialog (3-automation §2, §5, §6) and the chat's '/' suggestions (1-attendance §5).
export default {
  pt: {
    page: {
      title: 'Respostas rápidas',
      search: 'Pesquisar',
      add: 'Adicionar',
      loading: 'Carregando respostas rápidas',
      empty: {
        title: 'Nenhuma resposta rápida',
        message: 'Adicione uma resposta rápida ou altere a pesquisa.',
      },
    },
    table: {
      shortcode: 'Atalho',
      attachment: 'Nome do anexo',
      status: 'Status',
      general: 'Geral',
      actions: 'Ações',
      edit: 'Editar {{shortcode}}',
      delete: 'Excluir {{shortcode}}',
      readOnly: 'Somente leitura: compartilhada por outro usuário',
    },
    confirmDelete: {
      title: 'Excluir {{shortcode}}?',
      message: 'Deseja realmente excluir esse registro?',
    },
    deleted: 'Resposta rápida excluída com sucesso!',
    saved: 'Resposta rápida salva com sucesso!',
    dialog: {
      addTitle: 'Adicionar resposta rápida',
      editTitle: 'Editar resposta rápida',
      loading: 'Carregando resposta rápida',
      fields: {
        shortcode: 'Atalho',
        shortcodeHint: 'No chat, digite / e o atalho',
        message: 'Resposta',
        geral: 'Geral: todos os usuários usam e editam',
        visao: 'Compartilhada: outros usuários veem (somente leitura)',
      },
      attachment: {
        label: 'Anexo',
        choose: 'Anexar arquivo',
        remove: 'Remover anexo',
        none: 'Nenhum anexo',
      },
    },
    suggestions: {
      label: 'Respostas rápidas',
    },
  },
  en: {
    page: {
      title: 'Quick messages',
      search: 'Search',
      add: 'Add',
      loading: 'Loading quick messages',
      empty: {
        title: 'No quick messages',
        message: 'Add a quick message or change the search.',
      },
    },
    table: {
      shortcode: 'Shortcode',
      attachment: 'Attachment name',
      status: 'Status',
      general: 'General',
      actions: 'Actions',
      edit: 'Edit {{shortcode}}',
      delete: 'Delete {{shortcode}}',
      readOnly: 'Read-only: shared by another user',
    },
    confirmDelete: {
      title: 'Delete {{shortcode}}?',
      message: 'Do you really want to delete this record?',
    },
    deleted: 'Quick message deleted.',
    saved: 'Quick message saved.',
    dialog: {
      addTitle: 'Add quick message',
      editTitle: 'Edit quick message',
      loading: 'Loading quick message',
      fields: {
        shortcode: 'Shortcode',
        shortcodeHint: 'In the chat, type / and the shortcode',
        message: 'Reply',
        geral: 'General: every user uses and edits it',
        visao: 'Shared: other users see it (read-only)',
      },
      attachment: {
        label: 'Attachment',
        choose: 'Attach file',
        remove: 'Remove attachment',
        none: 'No attachment',
      },
    },
    suggestions: {
      label: 'Quick messages',
    },
  },
  es: {
    page: {
      title: 'Respuestas rápidas',
      search: 'Buscar',
      add: 'Agregar',
      loading: 'Cargando respuestas rápidas',
      empty: {
        title: 'Ninguna respuesta rápida',
        message: 'Agregue una respuesta rápida o cambie la búsqueda.',
      },
    },
    table: {
      shortcode: 'Atajo',
      attachment: 'Nombre del adjunto',
      status: 'Estado',
      general: 'General',
      actions: 'Acciones',
      edit: 'Editar {{shortcode}}',
      delete: 'Eliminar {{shortcode}}',
      readOnly: 'Solo lectura: compartida por otro usuario',
    },
    confirmDelete: {
      title: '¿Eliminar {{shortcode}}?',
      message: '¿Realmente desea eliminar este registro?',
    },
    deleted: '¡Respuesta rápida eliminada!',
    saved: '¡Respuesta rápida guardada!',
    dialog: {
      addTitle: 'Agregar respuesta rápida',
      editTitle: 'Editar respuesta rápida',
      loading: 'Cargando respuesta rápida',
      fields: {
        shortcode: 'Atajo',
        shortcodeHint: 'En el chat, escriba / y el atajo',
        message: 'Respuesta',
        geral: 'General: todos los usuarios la usan y editan',
        visao: 'Compartida: otros usuarios la ven (solo lectura)',
      },
      attachment: {
        label: 'Adjunto',
        choose: 'Adjuntar archivo',
        remove: 'Quitar adjunto',
        none: 'Sin adjunto',
      },
    },
    suggestions: {
      label: 'Respuestas rápidas',
    },
  },
  tr: {
    page: {
      title: 'Hızlı yanıtlar',
      search: 'Ara',
      add: 'Ekle',
      loading: 'Hızlı yanıtlar yükleniyor',
      empty: {
        title: 'Hızlı yanıt yok',
        message: 'Bir hızlı yanıt ekleyin veya aramayı değiştirin.',
      },
    },
    table: {
      shortcode: 'Kısayol',
      attachment: 'Ek adı',
      status: 'Durum',
      general: 'Genel',
      actions: 'İşlemler',
      edit: '{{shortcode}} düzenle',
      delete: '{{shortcode}} sil',
      readOnly: 'Salt okunur: başka bir kullanıcı paylaştı',
    },
    confirmDelete: {
      title: '{{shortcode}} silinsin mi?',
      message: 'Bu kaydı gerçekten silmek istiyor musunuz?',
    },
    deleted: 'Hızlı yanıt silindi.',
    saved: 'Hızlı yanıt kaydedildi.',
    dialog: {
      addTitle: 'Hızlı yanıt ekle',
      editTitle: 'Hızlı yanıtı düzenle',
      loading: 'Hızlı yanıt yükleniyor',
      fields: {
        shortcode: 'Kısayol',
        shortcodeHint: 'Sohbette / ve kısayolu yazın',
        message: 'Yanıt',
        geral: 'Genel: tüm kullanıcılar kullanır ve düzenler',
        visao: 'Paylaşılan: diğer kullanıcılar görür (salt okunur)',
      },
      attachment: {
        label: 'Ek',
        choose: 'Dosya ekle',
        remove: 'Eki kaldır',
        none: 'Ek yok',
      },
    },
    suggestions: {
      label: 'Hızlı yanıtlar',
    },
  },
} satisfies Locales;
