import type { Locales } from './types';

// What the desktop's main process shows itself: dialogs, the tray, the badge, notifications, and the page
// the browser shows when a Facebook login comes back to the app (src/main/messages.ts).
export default {
  pt: {
    firstStart: {
      title: 'Atendo',
      message: 'Primeiro início: um super administrador foi criado.',
      detail:
        'E-mail: {{email}}\nSenha: {{password}}\n\nGuarde estes dados: eles são mostrados só uma vez. Troque a senha em Usuários.',
    },
    tray: { open: 'Abrir o Atendo', quit: 'Sair' },
    unread_zero: 'Nenhuma conversa não lida',
    unread_one: '{{count}} conversa não lida',
    unread_other: '{{count}} conversas não lidas',
    newMessages_one: '{{count}} nova mensagem',
    newMessages_other: '{{count}} novas mensagens',
    update: {
      title: 'Atualização do Atendo',
      ready: 'A versão {{version}} foi baixada.',
      detail: 'Ela será instalada quando você sair do Atendo.',
      installOnQuit: 'Instalar ao sair',
      later: 'Agora não',
    },
    facebookLogin: {
      title: 'Login do Facebook',
      done: 'Pronto. Você pode fechar esta aba e voltar ao Atendo.',
      failed: 'O login do Facebook não foi concluído. Você pode fechar esta aba e tentar de novo no Atendo.',
    },
  },
  en: {
    firstStart: {
      title: 'Atendo',
      message: 'First start: a super administrator was created.',
      detail:
        'Email: {{email}}\nPassword: {{password}}\n\nKeep these details: they are shown only once. Change the password under Users.',
    },
    tray: { open: 'Open Atendo', quit: 'Quit' },
    unread_zero: 'No unread conversations',
    unread_one: '{{count}} unread conversation',
    unread_other: '{{count}} unread conversations',
    newMessages_one: '{{count}} new message',
    newMessages_other: '{{count}} new messages',
    update: {
      title: 'Atendo update',
      ready: 'Version {{version}} has been downloaded.',
      detail: 'It will be installed when you quit Atendo.',
      installOnQuit: 'Install on quit',
      later: 'Not now',
    },
    facebookLogin: {
      title: 'Facebook login',
      done: 'Done. You can close this tab and go back to Atendo.',
      failed: 'The Facebook login did not finish. You can close this tab and try again in Atendo.',
    },
  },
  es: {
    firstStart: {
      title: 'Atendo',
      message: 'Primer inicio: se creó un superadministrador.',
      detail:
        'Correo: {{email}}\nContraseña: {{password}}\n\nGuarda estos datos: se muestran solo una vez. Cambia la contraseña en Usuarios.',
    },
    tray: { open: 'Abrir Atendo', quit: 'Salir' },
    unread_zero: 'Ninguna conversación sin leer',
    unread_one: '{{count}} conversación sin leer',
    unread_other: '{{count}} conversaciones sin leer',
    newMessages_one: '{{count}} mensaje nuevo',
    newMessages_other: '{{count}} mensajes nuevos',
    update: {
      title: 'Actualización de Atendo',
      ready: 'Se descargó la versión {{version}}.',
      detail: 'Se instalará cuando salgas de Atendo.',
      installOnQuit: 'Instalar al salir',
      later: 'Ahora no',
    },
    facebookLogin: {
      title: 'Inicio de sesión de Facebook',
      done: 'Listo. Puedes cerrar esta pestaña y volver a Atendo.',
      failed:
        'El inicio de sesión de Facebook no terminó. Puedes cerrar esta pestaña e intentarlo de nuevo en Atendo.',
    },
  },
  tr: {
    firstStart: {
      title: 'Atendo',
      message: 'İlk başlatma: bir süper yönetici oluşturuldu.',
      detail:
        'E-posta: {{email}}\nŞifre: {{password}}\n\nBu bilgileri saklayın: yalnızca bir kez gösterilir. Şifreyi Kullanıcılar bölümünden değiştirin.',
    },
    tray: { open: "Atendo'yu aç", quit: 'Çıkış' },
    unread_zero: 'Okunmamış konuşma yok',
    unread_one: '{{count}} okunmamış konuşma',
    unread_other: '{{count}} okunmamış konuşma',
    newMessages_one: '{{count}} yeni mesaj',
    newMessages_other: '{{count}} yeni mesaj',
    update: {
      title: 'Atendo güncellemesi',
      ready: '{{version}} sürümü indirildi.',
      detail: "Atendo'dan çıktığınızda yüklenecek.",
      installOnQuit: 'Çıkışta yükle',
      later: 'Şimdi değil',
    },
    facebookLogin: {
      title: 'Facebook girişi',
      done: "Tamam. Bu sekmeyi kapatıp Atendo'ya dönebilirsiniz.",
      failed: "Facebook girişi tamamlanmadı. Bu sekmeyi kapatıp Atendo'da yeniden deneyebilirsiniz.",
    },
  },
} satisfies Locales;
