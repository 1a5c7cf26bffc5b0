/** The few words the main process shows itself (native dialogs), in the app's four languages. */
interface Messages {
  firstStartTitle: string;
  firstStartMessage: string;
  firstStartDetail(admin: { email: string; password: string }): string;
}

const messages: Record<'pt' | 'en' | 'es' | 'tr', Messages> = {
  pt: {
    firstStartTitle: 'Atendo',
    firstStartMessage: 'Primeiro início: um super administrador foi criado.',
    firstStartDetail: ({ email, password }) =>
      `E-mail: ${email}\nSenha: ${password}\n\nGuarde estes dados: eles são mostrados só uma vez. Troque a senha em Usuários.`,
  },
  en: {
    firstStartTitle: 'Atendo',
    firstStartMessage: 'First start: a super administrator was created.',
    firstStartDetail: ({ email, password }) =>
      `Email: ${email}\nPassword: ${password}\n\nKeep these details: they are shown only once. Change the password under Users.`,
  },
  es: {
    firstStartTitle: 'Atendo',
    firstStartMessage: 'Primer inicio: se creó un superadministrador.',
    firstStartDetail: ({ email, password }) =>
      `Correo: ${email}\nContraseña: ${password}\n\nGuarda estos datos: se muestran solo una vez. Cambia la contraseña en Usuarios.`,
  },
  tr: {
    firstStartTitle: 'Atendo',
    firstStartMessage: 'İlk başlatma: bir süper yönetici oluşturuldu.',
    firstStartDetail: ({ email, password }) =>
      `E-posta: ${email}\nŞifre: ${password}\n\nBu bilgileri saklayın: yalnızca bir kez gösterilir. Şifreyi Kullanıcılar bölümünden değiştirin.`,
  },
};

/** Portuguese is the default and the fallback, as in the renderer. */
export function messagesFor(locale: string): Messages {
  const language = locale.toLowerCase().split(/[-_]/)[0] as keyof typeof messages;
  return messages[language] ?? messages.pt;
}
