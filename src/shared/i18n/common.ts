import type { Locales } from './types';

// Words shared by every screen, the shared dialogs and the language names.
export default {
  pt: {
    actions: {
      save: 'Salvar',
      cancel: 'Cancelar',
      undo: 'Desfazer',
      confirm: 'Confirmar',
      close: 'Fechar',
      back: 'Voltar',
      add: 'Adicionar',
      edit: 'Editar',
      delete: 'Excluir',
    },
    discard: {
      title: 'Descartar o que foi digitado?',
      message: 'Os dados preenchidos neste formulário serão perdidos.',
      confirm: 'Descartar',
    },
    loading: 'Carregando…',
    lookup: { typeMore: 'Digite ao menos 3 caracteres', noOptions: 'Nenhum resultado' },
    noPermission: {
      title: 'Sem permissão',
      message: 'Você não tem permissão para acessar esta página.',
    },
    languages: { label: 'Idioma', pt: 'Português', en: 'English', es: 'Español', tr: 'Türkçe' },
    theme: { toLight: 'Mudar para o tema claro', toDark: 'Mudar para o tema escuro' },
  },
  en: {
    actions: {
      save: 'Save',
      cancel: 'Cancel',
      undo: 'Undo',
      confirm: 'Confirm',
      close: 'Close',
      back: 'Back',
      add: 'Add',
      edit: 'Edit',
      delete: 'Delete',
    },
    discard: {
      title: 'Discard what you typed?',
      message: 'The data filled in this form will be lost.',
      confirm: 'Discard',
    },
    loading: 'Loading…',
    lookup: { typeMore: 'Type at least 3 characters', noOptions: 'No results' },
    noPermission: {
      title: 'No permission',
      message: 'You do not have permission to access this page.',
    },
    languages: { label: 'Language', pt: 'Português', en: 'English', es: 'Español', tr: 'Türkçe' },
    theme: { toLight: 'Switch to light theme', toDark: 'Switch to dark theme' },
  },
  es: {
    actions: {
      save: 'Guardar',
      cancel: 'Cancelar',
      undo: 'Deshacer',
      confirm: 'Confirmar',
      close: 'Cerrar',
      back: 'Volver',
      add: 'Agregar',
      edit: 'Editar',
      delete: 'Eliminar',
    },
    discard: {
      title: '¿Descartar lo escrito?',
      message: 'Los datos completados en este formulario se perderán.',
      confirm: 'Descartar',
    },
    loading: 'Cargando…',
    lookup: { typeMore: 'Escriba al menos 3 caracteres', noOptions: 'Sin resultados' },
    noPermission: {
      title: 'Sin permiso',
      message: 'No tiene permiso para acceder a esta página.',
    },
    languages: { label: 'Idioma', pt: 'Português', en: 'English', es: 'Español', tr: 'Türkçe' },
    theme: { toLight: 'Cambiar al tema claro', toDark: 'Cambiar al tema oscuro' },
  },
  tr: {
    actions: {
      save: 'Kaydet',
      cancel: 'İptal',
      undo: 'Geri al',
      confirm: 'Onayla',
      close: 'Kapat',
      back: 'Geri',
      add: 'Ekle',
      edit: 'Düzenle',
      delete: 'Sil',
    },
    discard: {
      title: 'Yazılanlar silinsin mi?',
      message: 'Bu formda doldurulan bilgiler kaybolacak.',
      confirm: 'Sil',
    },
    loading: 'Yükleniyor…',
    lookup: { typeMore: 'En az 3 karakter yazın', noOptions: 'Sonuç yok' },
    noPermission: {
      title: 'İzin yok',
      message: 'Bu sayfaya erişim izniniz yok.',
    },
    languages: { label: 'Dil', pt: 'Português', en: 'English', es: 'Español', tr: 'Türkçe' },
    theme: { toLight: 'Açık temaya geç', toDark: 'Koyu temaya geç' },
  },
} satisfies Locales;
