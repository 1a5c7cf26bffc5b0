import type { Locales } from './types';

// Queues screen and queue dialog (2-administration §2.5, §3, §5, §8 for the delete and success texts).
export default {
  pt: {
    page: {
      title: 'Filas',
      add: 'Adicionar fila',
      loading: 'Carregando filas',
      empty: {
        title: 'Nenhuma fila',
        message: 'Adicione uma fila para organizar os atendimentos.',
      },
    },
    table: {
      name: 'Nome',
      color: 'Cor',
      greeting: 'Mensagem de saudação',
      order: 'Ordem',
      actions: 'Ações',
      edit: 'Editar {{name}}',
      delete: 'Excluir {{name}}',
    },
    confirmDelete: {
      title: 'Exclusão de Registro',
      message:
        'Os atendimentos desta fila continuarão existindo, mas sem fila. Deseja realmente excluir esse registro?',
    },
    saved: 'Operação realizada com sucesso!',
    deleted: 'Operação realizada com sucesso!',
    dialog: {
      addTitle: 'Adicionar fila',
      editTitle: 'Editar fila',
      loading: 'Carregando fila',
      fields: {
        name: 'Nome',
        color: 'Cor',
        pickColor: 'Escolher cor',
        greetingMessage: 'Mensagem de saudação',
        outOfHoursMessage: 'Mensagem de fora de expediente',
        orderQueue: 'Ordem da fila (bot)',
        closeTicket: 'Fechar o atendimento ao entrar na fila',
        ativarRoteador: 'Rodízio entre os atendentes',
        tempoRoteador: 'Tempo de rodízio',
      },
      minutes: '{{count}} minutos',
    },
  },
  en: {
    page: {
      title: 'Queues',
      add: 'Add queue',
      loading: 'Loading queues',
      empty: {
        title: 'No queues',
        message: 'Add a queue to organise the tickets.',
      },
    },
    table: {
      name: 'Name',
      color: 'Colour',
      greeting: 'Greeting message',
      order: 'Order',
      actions: 'Actions',
      edit: 'Edit {{name}}',
      delete: 'Delete {{name}}',
    },
    confirmDelete: {
      title: 'Delete record',
      message: "This queue's tickets will remain, without a queue. Do you really want to delete this record?",
    },
    saved: 'Operation completed successfully!',
    deleted: 'Operation completed successfully!',
    dialog: {
      addTitle: 'Add queue',
      editTitle: 'Edit queue',
      loading: 'Loading queue',
      fields: {
        name: 'Name',
        color: 'Colour',
        pickColor: 'Pick a colour',
        greetingMessage: 'Greeting message',
        outOfHoursMessage: 'Out-of-hours message',
        orderQueue: 'Queue order (bot)',
        closeTicket: 'Close the ticket when it enters the queue',
        ativarRoteador: 'Rotate among the attendants',
        tempoRoteador: 'Rotation time',
      },
      minutes: '{{count}} minutes',
    },
  },
  es: {
    page: {
      title: 'Colas',
      add: 'Agregar cola',
      loading: 'Cargando colas',
      empty: {
        title: 'Ninguna cola',
        message: 'Agregue una cola para organizar las atenciones.',
      },
    },
    table: {
      name: 'Nombre',
      color: 'Color',
      greeting: 'Mensaje de saludo',
      order: 'Orden',
      actions: 'Acciones',
      edit: 'Editar {{name}}',
      delete: 'Eliminar {{name}}',
    },
    confirmDelete: {
      title: 'Eliminación de registro',
      message:
        'Las atenciones de esta cola seguirán existiendo, sin cola. ¿Realmente desea eliminar este registro?',
    },
    saved: '¡Operación realizada con éxito!',
    deleted: '¡Operación realizada con éxito!',
    dialog: {
      addTitle: 'Agregar cola',
      editTitle: 'Editar cola',
      loading: 'Cargando cola',
      fields: {
        name: 'Nombre',
        color: 'Color',
        pickColor: 'Elegir color',
        greetingMessage: 'Mensaje de saludo',
        outOfHoursMessage: 'Mensaje fuera de horario',
        orderQueue: 'Orden de la cola (bot)',
        closeTicket: 'Cerrar la atención al entrar en la cola',
        ativarRoteador: 'Rotación entre los agentes',
        tempoRoteador: 'Tiempo de rotación',
      },
      minutes: '{{count}} minutos',
    },
  },
  tr: {
    page: {
      title: 'Kuyruklar',
      add: 'Kuyruk ekle',
      loading: 'Kuyruklar yükleniyor',
      empty: {
        title: 'Kuyruk yok',
        message: 'Biletleri düzenlemek için bir kuyruk ekleyin.',
      },
    },
    table: {
      name: 'Ad',
      color: 'Renk',
      greeting: 'Karşılama mesajı',
      order: 'Sıra',
      actions: 'İşlemler',
      edit: '{{name}} düzenle',
      delete: '{{name}} sil',
    },
    confirmDelete: {
      title: 'Kaydı sil',
      message: 'Bu kuyruğun biletleri kuyruksuz olarak kalacak. Bu kaydı gerçekten silmek istiyor musunuz?',
    },
    saved: 'İşlem başarıyla tamamlandı!',
    deleted: 'İşlem başarıyla tamamlandı!',
    dialog: {
      addTitle: 'Kuyruk ekle',
      editTitle: 'Kuyruğu düzenle',
      loading: 'Kuyruk yükleniyor',
      fields: {
        name: 'Ad',
        color: 'Renk',
        pickColor: 'Renk seç',
        greetingMessage: 'Karşılama mesajı',
        outOfHoursMessage: 'Mesai dışı mesajı',
        orderQueue: 'Kuyruk sırası (bot)',
        closeTicket: 'Kuyruğa girince bileti kapat',
        ativarRoteador: 'Temsilciler arasında rotasyon',
        tempoRoteador: 'Rotasyon süresi',
      },
      minutes: '{{count}} dakika',
    },
  },
} satisfies Locales;
