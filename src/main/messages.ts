/** The few words the main process shows itself (dialogs, tray, badge, notifications), in four languages. */
export interface Messages {
  firstStartTitle: string;
  firstStartMessage: string;
  firstStartDetail(admin: { email: string; password: string }): string;
  trayOpen: string;
  trayQuit: string;
  /** What the badge says to a screen reader (Windows overlay) and in the tray's tooltip. */
  unread(count: number): string;
  /** Under a ticket's notification when several messages arrived. */
  newMessages(count: number): string;
  updateTitle: string;
  updateReady(version: string): string;
  updateDetail: string;
  updateInstallOnQuit: string;
  updateLater: string;
}

const messages: Record<'pt' | 'en' | 'es' | 'tr', Messages> = {
  pt: {
    firstStartTitle: 'Atendo',
    firstStartMessage: 'Primeiro início: um super administrador foi criado.',
    firstStartDetail: ({ email, password }) =>
      `E-mail: ${email}\nSenha: ${password}\n\nGuarde estes dados: eles são mostrados só uma vez. Troque a senha em Usuários.`,
    trayOpen: 'Abrir o Atendo',
    trayQuit: 'Sair',
    unread: (n) =>
      n === 0 ? 'Nenhuma conversa não lida' : n === 1 ? '1 conversa não lida' : `${n} conversas não lidas`,
    newMessages: (n) => `${n} novas mensagens`,
    updateTitle: 'Atualização do Atendo',
    updateReady: (version) => `A versão ${version} foi baixada.`,
    updateDetail: 'Ela será instalada quando você sair do Atendo.',
    updateInstallOnQuit: 'Instalar ao sair',
    updateLater: 'Agora não',
  },
  en: {
    firstStartTitle: 'Atendo',
    firstStartMessage: 'First start: a super administrator was created.',
    firstStartDetail: ({ email, password }) =>
      `Email: ${email}\nPassword: ${password}\n\nKeep these details: they are shown only once. Change the password under Users.`,
    trayOpen: 'Open Atendo',
    trayQuit: 'Quit',
    unread: (n) =>
      n === 0 ? 'No unread conversations' : n === 1 ? '1 unread conversation' : `${n} unread conversations`,
    newMessages: (n) => `${n} new messages`,
    updateTitle: 'Atendo update',
    updateReady: (version) => `Version ${version} has been downloaded.`,
    updateDetail: 'It will be installed when you quit Atendo.',
    updateInstallOnQuit: 'Install on quit',
    updateLater: 'Not now',
  },
  es: {
    firstStartTitle: 'Atendo',
    firstStartMessage: 'Primer inicio: se creó un superadministrador.',
    firstStartDetail: ({ email, password }) =>
      `Correo: ${email}\nContraseña: ${password}\n\nGuarda estos datos: se muestran solo una vez. Cambia la contraseña en Usuarios.`,
    trayOpen: 'Abrir Atendo',
    trayQuit: 'Salir',
    unread: (n) =>
      n === 0
        ? 'Ninguna conversación sin leer'
        : n === 1
          ? '1 conversación sin leer'
          : `${n} conversaciones sin leer`,
    newMessages: (n) => `${n} mensajes nuevos`,
    updateTitle: 'Actualización de Atendo',
    updateReady: (version) => `Se descargó la versión ${version}.`,
    updateDetail: 'Se instalará cuando salgas de Atendo.',
    updateInstallOnQuit: 'Instalar al salir',
    updateLater: 'Ahora no',
  },
  tr: {
    firstStartTitle: 'Atendo',
    firstStartMessage: 'İlk başlatma: bir süper yönetici oluşturuldu.',
    firstStartDetail: ({ email, password }) =>
      `E-posta: ${email}\nŞifre: ${password}\n\nBu bilgileri saklayın: yalnızca bir kez gösterilir. Şifreyi Kullanıcılar bölümünden değiştirin.`,
    trayOpen: "Atendo'yu aç",
    trayQuit: 'Çıkış',
    unread: (n) => (n === 0 ? 'Okunmamış konuşma yok' : `${n} okunmamış konuşma`),
    newMessages: (n) => `${n} yeni mesaj`,
    updateTitle: 'Atendo güncellemesi',
    updateReady: (version) => `${version} sürümü indirildi.`,
    updateDetail: "Atendo'dan çıktığınızda yüklenecek.",
    updateInstallOnQuit: 'Çıkışta yükle',
    updateLater: 'Şimdi değil',
  },
};

/** Portuguese is the default and the fallback, as in the renderer. */
export function messagesFor(locale: string): Messages {
  const language = locale.toLowerCase().split(/[-_]/)[0] as keyof typeof messages;
  return messages[language] ?? messages.pt;
}
