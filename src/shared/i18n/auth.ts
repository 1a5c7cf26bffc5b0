import type { Locales } from './types';

// 1-attendance §2 (/login, /signup), 2-administration §2.8 and §4.2 (overdue screen, due-date warning).
export default {
  pt: {
    login: {
      title: 'Entrar',
      email: 'E-mail',
      password: 'Senha',
      showPassword: 'Mostrar senha',
      hidePassword: 'Ocultar senha',
      submit: 'Entrar',
      signup: 'Não tem uma conta? Cadastre-se!',
      forgot: 'Esqueci minha senha',
      forgotTitle: 'Esqueceu a senha?',
      forgotHelp:
        'Peça a um administrador da sua empresa para definir uma nova senha para você em Usuários. Depois, entre com ela e troque-a no seu perfil.',
    },
    signup: {
      disabled: 'O cadastro de novas empresas está desativado. Fale com o administrador da plataforma.',
      title: 'Cadastre-se',
      companyName: 'Nome da empresa',
      name: 'Seu nome',
      email: 'E-mail',
      password: 'Senha',
      phone: 'Telefone com DDD',
      plan: 'Plano',
      planOption:
        '{{name}} — Atendentes: {{users}} — Conexões: {{connections}} — Filas: {{queues}} — {{price}}',
      noPlans: 'Nenhum plano disponível',
      submit: 'Cadastrar',
      success: 'Empresa cadastrada com sucesso! Faça seu login.',
      login: 'Já tem uma conta? Entre!',
    },
    overdue: {
      title: 'Assinatura expirada',
      message: 'Sua assinatura expirou em {{date}}. Entre em contato com o suporte para mais informações.',
      logout: 'Sair',
    },
    dueSoon: {
      one: 'Sua assinatura vence em {{days}} dia.',
      other: 'Sua assinatura vence em {{days}} dias.',
    },
  },
  en: {
    login: {
      title: 'Log in',
      email: 'Email',
      password: 'Password',
      showPassword: 'Show password',
      hidePassword: 'Hide password',
      submit: 'Log in',
      signup: 'Don’t have an account? Sign up!',
      forgot: 'Forgot my password',
      forgotTitle: 'Forgot your password?',
      forgotHelp:
        'Ask an administrator of your company to set a new password for you under Users. Then log in with it and change it in your profile.',
    },
    signup: {
      disabled: 'Signing up new companies is disabled. Please ask the platform administrator.',
      title: 'Sign up',
      companyName: 'Company name',
      name: 'Your name',
      email: 'Email',
      password: 'Password',
      phone: 'Phone with area code',
      plan: 'Plan',
      planOption:
        '{{name}} — Attendants: {{users}} — Connections: {{connections}} — Queues: {{queues}} — {{price}}',
      noPlans: 'No plans available',
      submit: 'Sign up',
      success: 'Company registered! Log in to continue.',
      login: 'Already have an account? Log in!',
    },
    overdue: {
      title: 'Subscription expired',
      message: 'Your subscription expired on {{date}}. Please contact support for more information.',
      logout: 'Log out',
    },
    dueSoon: {
      one: 'Your subscription expires in {{days}} day.',
      other: 'Your subscription expires in {{days}} days.',
    },
  },
  es: {
    login: {
      title: 'Iniciar sesión',
      email: 'Correo electrónico',
      password: 'Contraseña',
      showPassword: 'Mostrar contraseña',
      hidePassword: 'Ocultar contraseña',
      submit: 'Entrar',
      signup: '¿No tiene una cuenta? ¡Regístrese!',
      forgot: 'Olvidé mi contraseña',
      forgotTitle: '¿Olvidó su contraseña?',
      forgotHelp:
        'Pida a un administrador de su empresa que le defina una nueva contraseña en Usuarios. Luego inicie sesión con ella y cámbiela en su perfil.',
    },
    signup: {
      disabled:
        'El registro de nuevas empresas está desactivado. Hable con el administrador de la plataforma.',
      title: 'Registrarse',
      companyName: 'Nombre de la empresa',
      name: 'Su nombre',
      email: 'Correo electrónico',
      password: 'Contraseña',
      phone: 'Teléfono con código de área',
      plan: 'Plan',
      planOption:
        '{{name}} — Agentes: {{users}} — Conexiones: {{connections}} — Colas: {{queues}} — {{price}}',
      noPlans: 'No hay planes disponibles',
      submit: 'Registrarse',
      success: '¡Empresa registrada! Inicie sesión para continuar.',
      login: '¿Ya tiene una cuenta? ¡Inicie sesión!',
    },
    overdue: {
      title: 'Suscripción vencida',
      message: 'Su suscripción venció el {{date}}. Póngase en contacto con soporte para más información.',
      logout: 'Salir',
    },
    dueSoon: {
      one: 'Su suscripción vence en {{days}} día.',
      other: 'Su suscripción vence en {{days}} días.',
    },
  },
  tr: {
    login: {
      title: 'Giriş yap',
      email: 'E-posta',
      password: 'Şifre',
      showPassword: 'Şifreyi göster',
      hidePassword: 'Şifreyi gizle',
      submit: 'Giriş yap',
      signup: 'Hesabınız yok mu? Kaydolun!',
      forgot: 'Şifremi unuttum',
      forgotTitle: 'Şifrenizi mi unuttunuz?',
      forgotHelp:
        'Şirketinizin bir yöneticisinden Kullanıcılar bölümünde size yeni bir şifre belirlemesini isteyin. Ardından bu şifreyle giriş yapıp profilinizden değiştirin.',
    },
    signup: {
      disabled: 'Yeni şirket kaydı kapalı. Lütfen platform yöneticisiyle görüşün.',
      title: 'Kaydol',
      companyName: 'Şirket adı',
      name: 'Adınız',
      email: 'E-posta',
      password: 'Şifre',
      phone: 'Alan kodlu telefon',
      plan: 'Plan',
      planOption:
        '{{name}} — Temsilciler: {{users}} — Bağlantılar: {{connections}} — Kuyruklar: {{queues}} — {{price}}',
      noPlans: 'Uygun plan yok',
      submit: 'Kaydol',
      success: 'Şirket kaydedildi! Devam etmek için giriş yapın.',
      login: 'Zaten hesabınız var mı? Giriş yapın!',
    },
    overdue: {
      title: 'Abonelik sona erdi',
      message: 'Aboneliğiniz {{date}} tarihinde sona erdi. Daha fazla bilgi için destek ile iletişime geçin.',
      logout: 'Çıkış yap',
    },
    dueSoon: {
      one: 'Aboneliğinizin bitmesine {{days}} gün kaldı.',
      other: 'Aboneliğinizin bitmesine {{days}} gün kaldı.',
    },
  },
} satisfies Locales;
