import type { Language } from './i18n/types';

/**
 * The bots' own words, sent to customers in the company's language (company setting `language`). The
 * leave keyword is accepted in that language and in Portuguese, the spec's own word, which menus always
 * understood.
 */
export const BOT_TEXTS: Record<
  Language,
  { leaveWord: string; leave: string; back: string; audioRefusal: string }
> = {
  pt: {
    leaveWord: 'Sair',
    leave: 'Encerrar atendimento',
    back: 'Voltar',
    audioRefusal:
      'Desculpe, não conseguimos ouvir mensagens de áudio neste atendimento. Por favor, escreva sua mensagem em texto.',
  },
  en: {
    leaveWord: 'Exit',
    leave: 'End the conversation',
    back: 'Back',
    audioRefusal: 'Sorry, we cannot listen to audio messages here. Please write your message as text.',
  },
  es: {
    leaveWord: 'Salir',
    leave: 'Terminar la atención',
    back: 'Volver',
    audioRefusal:
      'Lo sentimos, no podemos escuchar mensajes de audio en esta atención. Por favor, escriba su mensaje.',
  },
  tr: {
    leaveWord: 'Çıkış',
    leave: 'Görüşmeyi sonlandır',
    back: 'Geri',
    audioRefusal: 'Üzgünüz, burada sesli mesajları dinleyemiyoruz. Lütfen mesajınızı yazarak gönderin.',
  },
};
