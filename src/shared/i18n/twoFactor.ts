import type { Locales } from './types';

// Two-factor sign-in (issue 17, beyond the spec): the profile's section, enrolment, the login's code step.
export default {
  pt: {
    section: {
      title: 'Verificação em duas etapas',
      on: 'Ativada: ao entrar, é pedido um código do seu aplicativo autenticador.',
      off: 'Desativada: ao entrar, basta a senha.',
      enable: 'Ativar verificação em duas etapas',
      disable: 'Desativar',
    },
    setup: {
      title: 'Ativar verificação em duas etapas',
      scan: 'Escaneie o QR code com seu aplicativo autenticador (Google Authenticator, Authy, Microsoft Authenticator…) ou digite a chave abaixo.',
      qrAlt: 'QR code para o aplicativo autenticador',
      key: 'Chave para digitar no aplicativo',
      loading: 'Preparando a chave',
    },
    code: {
      label: 'Código de verificação',
      help: 'Os 6 dígitos do aplicativo autenticador.',
      helpWithRecovery: 'Os 6 dígitos do aplicativo autenticador, ou um código de recuperação.',
    },
    recovery: {
      title: 'Códigos de recuperação',
      help: 'Guarde estes códigos em um lugar seguro: cada um serve uma vez, no lugar do código do aplicativo, se você perder o celular. Eles não serão mostrados de novo.',
      list: 'Seus códigos de recuperação',
      done: 'Guardei os códigos',
    },
    disable: {
      title: 'Desativar a verificação em duas etapas',
      help: 'Digite um código do aplicativo autenticador ou um código de recuperação para confirmar.',
    },
    enabled: 'Verificação em duas etapas ativada.',
    disabled: 'Verificação em duas etapas desativada.',
    login: {
      codeTitle: 'Verificação em duas etapas',
      enrolTitle: 'Configure a verificação em duas etapas',
      enrolHelp: 'Sua empresa exige a verificação em duas etapas. Configure-a para entrar.',
      back: 'Voltar',
    },
    reset: {
      action: 'Redefinir a verificação em duas etapas de {{name}}',
      title: 'Redefinir a verificação em duas etapas de {{name}}?',
      message: 'O usuário passa a entrar só com a senha (ou configura de novo, se a empresa exigir).',
      done: 'Verificação em duas etapas redefinida.',
    },
  },
  en: {
    section: {
      title: 'Two-step verification',
      on: 'On: signing in asks for a code from your authenticator app.',
      off: 'Off: signing in takes the password alone.',
      enable: 'Turn on two-step verification',
      disable: 'Turn off',
    },
    setup: {
      title: 'Turn on two-step verification',
      scan: 'Scan the QR code with your authenticator app (Google Authenticator, Authy, Microsoft Authenticator…) or type the key below.',
      qrAlt: 'QR code for the authenticator app',
      key: 'Key to type into the app',
      loading: 'Preparing the key',
    },
    code: {
      label: 'Verification code',
      help: 'The 6 digits of your authenticator app.',
      helpWithRecovery: 'The 6 digits of your authenticator app, or a recovery code.',
    },
    recovery: {
      title: 'Recovery codes',
      help: 'Keep these codes somewhere safe: each works once, instead of the app’s code, if you lose your phone. They will not be shown again.',
      list: 'Your recovery codes',
      done: 'I have saved the codes',
    },
    disable: {
      title: 'Turn off two-step verification',
      help: 'Type a code from your authenticator app or a recovery code to confirm.',
    },
    enabled: 'Two-step verification is on.',
    disabled: 'Two-step verification is off.',
    login: {
      codeTitle: 'Two-step verification',
      enrolTitle: 'Set up two-step verification',
      enrolHelp: 'Your company requires two-step verification. Set it up to sign in.',
      back: 'Back',
    },
    reset: {
      action: 'Reset two-step verification of {{name}}',
      title: 'Reset two-step verification of {{name}}?',
      message: 'The user signs in with the password alone (or sets it up again, if the company requires it).',
      done: 'Two-step verification reset.',
    },
  },
  es: {
    section: {
      title: 'Verificación en dos pasos',
      on: 'Activada: al entrar se pide un código de su aplicación de autenticación.',
      off: 'Desactivada: para entrar basta la contraseña.',
      enable: 'Activar la verificación en dos pasos',
      disable: 'Desactivar',
    },
    setup: {
      title: 'Activar la verificación en dos pasos',
      scan: 'Escanee el código QR con su aplicación de autenticación (Google Authenticator, Authy, Microsoft Authenticator…) o escriba la clave de abajo.',
      qrAlt: 'Código QR para la aplicación de autenticación',
      key: 'Clave para escribir en la aplicación',
      loading: 'Preparando la clave',
    },
    code: {
      label: 'Código de verificación',
      help: 'Los 6 dígitos de su aplicación de autenticación.',
      helpWithRecovery: 'Los 6 dígitos de su aplicación de autenticación, o un código de recuperación.',
    },
    recovery: {
      title: 'Códigos de recuperación',
      help: 'Guarde estos códigos en un lugar seguro: cada uno sirve una vez, en lugar del código de la aplicación, si pierde el teléfono. No se volverán a mostrar.',
      list: 'Sus códigos de recuperación',
      done: 'Ya guardé los códigos',
    },
    disable: {
      title: 'Desactivar la verificación en dos pasos',
      help: 'Escriba un código de la aplicación de autenticación o un código de recuperación para confirmar.',
    },
    enabled: 'Verificación en dos pasos activada.',
    disabled: 'Verificación en dos pasos desactivada.',
    login: {
      codeTitle: 'Verificación en dos pasos',
      enrolTitle: 'Configure la verificación en dos pasos',
      enrolHelp: 'Su empresa exige la verificación en dos pasos. Configúrela para entrar.',
      back: 'Volver',
    },
    reset: {
      action: 'Restablecer la verificación en dos pasos de {{name}}',
      title: '¿Restablecer la verificación en dos pasos de {{name}}?',
      message: 'El usuario entra solo con la contraseña (o la configura de nuevo, si la empresa lo exige).',
      done: 'Verificación en dos pasos restablecida.',
    },
  },
  tr: {
    section: {
      title: 'İki adımlı doğrulama',
      on: 'Açık: girişte kimlik doğrulama uygulamanızdan bir kod istenir.',
      off: 'Kapalı: giriş için yalnızca şifre yeterli.',
      enable: 'İki adımlı doğrulamayı aç',
      disable: 'Kapat',
    },
    setup: {
      title: 'İki adımlı doğrulamayı aç',
      scan: 'QR kodu kimlik doğrulama uygulamanızla (Google Authenticator, Authy, Microsoft Authenticator…) tarayın veya aşağıdaki anahtarı yazın.',
      qrAlt: 'Kimlik doğrulama uygulaması için QR kod',
      key: 'Uygulamaya yazılacak anahtar',
      loading: 'Anahtar hazırlanıyor',
    },
    code: {
      label: 'Doğrulama kodu',
      help: 'Kimlik doğrulama uygulamanızdaki 6 haneli kod.',
      helpWithRecovery: 'Kimlik doğrulama uygulamanızdaki 6 haneli kod veya bir kurtarma kodu.',
    },
    recovery: {
      title: 'Kurtarma kodları',
      help: 'Bu kodları güvenli bir yerde saklayın: telefonunuzu kaybederseniz her biri uygulamanın kodu yerine bir kez kullanılabilir. Bir daha gösterilmeyecekler.',
      list: 'Kurtarma kodlarınız',
      done: 'Kodları kaydettim',
    },
    disable: {
      title: 'İki adımlı doğrulamayı kapat',
      help: 'Onaylamak için kimlik doğrulama uygulamasından bir kod veya bir kurtarma kodu yazın.',
    },
    enabled: 'İki adımlı doğrulama açıldı.',
    disabled: 'İki adımlı doğrulama kapatıldı.',
    login: {
      codeTitle: 'İki adımlı doğrulama',
      enrolTitle: 'İki adımlı doğrulamayı kurun',
      enrolHelp: 'Şirketiniz iki adımlı doğrulama istiyor. Giriş yapmak için kurun.',
      back: 'Geri',
    },
    reset: {
      action: '{{name}} için iki adımlı doğrulamayı sıfırla',
      title: '{{name}} için iki adımlı doğrulama sıfırlansın mı?',
      message: 'Kullanıcı yalnızca şifreyle giriş yapar (şirket istiyorsa yeniden kurar).',
      done: 'İki adımlı doğrulama sıfırlandı.',
    },
  },
} satisfies Locales;
