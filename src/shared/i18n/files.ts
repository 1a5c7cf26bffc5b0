import type { Locales } from './types';

// File lists screen and dialog (3-automation §2 "Files page", §5, §8 for the success texts).
export default {
  pt: {
    page: {
      title: 'Lista de arquivos',
      search: 'Pesquisar',
      add: 'Adicionar',
      loading: 'Carregando listas de arquivos',
      empty: {
        title: 'Nenhuma lista de arquivos',
        message: 'Crie uma lista com uma mensagem e arquivos para as filas e o chatbot enviarem.',
      },
    },
    table: {
      name: 'Nome',
      files: 'Arquivos',
      actions: 'Ações',
      edit: 'Editar {{name}}',
      delete: 'Excluir {{name}}',
    },
    confirmDelete: {
      title: 'Excluir {{name}}?',
      message:
        'Os arquivos da lista serão apagados e as filas e opções do chatbot que a enviam deixarão de enviá-la. Deseja realmente excluir esse registro?',
    },
    saved: 'Lista de arquivos salva com sucesso!',
    deleted: 'Lista de arquivos excluída com sucesso!',
    uploadFailed: 'A lista foi salva, mas um arquivo não pôde ser enviado.',
    dialog: {
      addTitle: 'Adicionar lista de arquivos',
      editTitle: 'Editar lista de arquivos',
      loading: 'Carregando lista de arquivos',
      fields: {
        name: 'Nome',
        message: 'Mensagem',
      },
      options: {
        title: 'Arquivos',
        name: 'Nome do arquivo {{number}}',
        choose: 'Escolher arquivo',
        pick: 'Arquivo {{number}}',
        none: 'Nenhum arquivo escolhido',
        remove: 'Remover o arquivo {{number}}',
        add: 'Adicionar arquivo',
        empty: 'Nenhum arquivo na lista ainda.',
      },
    },
  },
  en: {
    page: {
      title: 'File lists',
      search: 'Search',
      add: 'Add',
      loading: 'Loading file lists',
      empty: {
        title: 'No file lists',
        message: 'Create a list with a message and files for the queues and the chatbot to send.',
      },
    },
    table: {
      name: 'Name',
      files: 'Files',
      actions: 'Actions',
      edit: 'Edit {{name}}',
      delete: 'Delete {{name}}',
    },
    confirmDelete: {
      title: 'Delete {{name}}?',
      message:
        "The list's files will be erased, and the queues and chatbot options that send it will stop sending it. Do you really want to delete this record?",
    },
    saved: 'File list saved successfully!',
    deleted: 'File list deleted successfully!',
    uploadFailed: 'The list was saved, but a file could not be uploaded.',
    dialog: {
      addTitle: 'Add file list',
      editTitle: 'Edit file list',
      loading: 'Loading file list',
      fields: {
        name: 'Name',
        message: 'Message',
      },
      options: {
        title: 'Files',
        name: 'Name of file {{number}}',
        choose: 'Choose file',
        pick: 'File {{number}}',
        none: 'No file chosen',
        remove: 'Remove file {{number}}',
        add: 'Add file',
        empty: 'No files in the list yet.',
      },
    },
  },
  es: {
    page: {
      title: 'Listas de archivos',
      search: 'Buscar',
      add: 'Agregar',
      loading: 'Cargando listas de archivos',
      empty: {
        title: 'Ninguna lista de archivos',
        message: 'Cree una lista con un mensaje y archivos para que las colas y el chatbot la envíen.',
      },
    },
    table: {
      name: 'Nombre',
      files: 'Archivos',
      actions: 'Acciones',
      edit: 'Editar {{name}}',
      delete: 'Eliminar {{name}}',
    },
    confirmDelete: {
      title: '¿Eliminar {{name}}?',
      message:
        'Los archivos de la lista se borrarán y las colas y opciones del chatbot que la envían dejarán de enviarla. ¿Realmente desea eliminar este registro?',
    },
    saved: '¡Lista de archivos guardada con éxito!',
    deleted: '¡Lista de archivos eliminada con éxito!',
    uploadFailed: 'La lista se guardó, pero un archivo no se pudo enviar.',
    dialog: {
      addTitle: 'Agregar lista de archivos',
      editTitle: 'Editar lista de archivos',
      loading: 'Cargando lista de archivos',
      fields: {
        name: 'Nombre',
        message: 'Mensaje',
      },
      options: {
        title: 'Archivos',
        name: 'Nombre del archivo {{number}}',
        choose: 'Elegir archivo',
        pick: 'Archivo {{number}}',
        none: 'Ningún archivo elegido',
        remove: 'Quitar el archivo {{number}}',
        add: 'Agregar archivo',
        empty: 'Todavía no hay archivos en la lista.',
      },
    },
  },
  tr: {
    page: {
      title: 'Dosya listeleri',
      search: 'Ara',
      add: 'Ekle',
      loading: 'Dosya listeleri yükleniyor',
      empty: {
        title: 'Dosya listesi yok',
        message:
          'Kuyrukların ve sohbet botunun göndermesi için mesaj ve dosyalardan oluşan bir liste oluşturun.',
      },
    },
    table: {
      name: 'Ad',
      files: 'Dosyalar',
      actions: 'İşlemler',
      edit: '{{name}} düzenle',
      delete: '{{name}} sil',
    },
    confirmDelete: {
      title: '{{name}} silinsin mi?',
      message:
        'Listenin dosyaları silinecek; onu gönderen kuyruklar ve sohbet botu seçenekleri artık göndermeyecek. Bu kaydı gerçekten silmek istiyor musunuz?',
    },
    saved: 'Dosya listesi başarıyla kaydedildi!',
    deleted: 'Dosya listesi başarıyla silindi!',
    uploadFailed: 'Liste kaydedildi ancak bir dosya yüklenemedi.',
    dialog: {
      addTitle: 'Dosya listesi ekle',
      editTitle: 'Dosya listesini düzenle',
      loading: 'Dosya listesi yükleniyor',
      fields: {
        name: 'Ad',
        message: 'Mesaj',
      },
      options: {
        title: 'Dosyalar',
        name: '{{number}}. dosyanın adı',
        choose: 'Dosya seç',
        pick: 'Dosya {{number}}',
        none: 'Dosya seçilmedi',
        remove: '{{number}}. dosyayı kaldır',
        add: 'Dosya ekle',
        empty: 'Listede henüz dosya yok.',
      },
    },
  },
} satisfies Locales;
