import type { Locales } from './types';

// 1-attendance §2 "Application shell", §4 "Session", the 403 page, the home screen and
// 2-administration §8 (page not in the company's plan).
export default {
  pt: {
    menu: {
      label: 'Menu principal',
      open: 'Abrir menu',
      close: 'Fechar menu',
      home: 'Início',
      tickets: 'Atendimentos',
      users: 'Usuários',
    },
    topBar: {
      greeting: 'Olá {{name}}, seja bem-vindo a {{company}}!',
      dueDate: 'Vencimento: {{date}}',
      volume: 'Volume das notificações',
      refresh: 'Atualizar',
      account: 'Conta',
      profile: 'Perfil',
      logout: 'Sair',
    },
    version: 'Versão {{version}}',
    session: {
      elsewhere: 'Sua conta foi acessada em outro computador.',
    },
    planDenied: 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.',
    forbidden: {
      title: 'Acesso negado',
      message: 'Você não tem permissão para acessar esta página.',
      back: 'Voltar',
    },
    home: {
      title: 'Bem-vindo, {{name}}!',
      company: 'Empresa',
      plan: 'Plano',
      profile: 'Perfil',
      profiles: { admin: 'Administrador', user: 'Usuário', super: 'Super administrador' },
      shortcuts: 'Atalhos',
    },
  },
  en: {
    menu: {
      label: 'Main menu',
      open: 'Open menu',
      close: 'Close menu',
      home: 'Home',
      tickets: 'Tickets',
      users: 'Users',
    },
    topBar: {
      greeting: 'Hello {{name}}, welcome to {{company}}!',
      dueDate: 'Due date: {{date}}',
      volume: 'Notification volume',
      refresh: 'Refresh',
      account: 'Account',
      profile: 'Profile',
      logout: 'Log out',
    },
    version: 'Version {{version}}',
    session: {
      elsewhere: 'Your account was accessed from another computer.',
    },
    planDenied: 'This company does not have permission to access this page! We are redirecting you.',
    forbidden: {
      title: 'Access denied',
      message: 'You do not have permission to access this page.',
      back: 'Back',
    },
    home: {
      title: 'Welcome, {{name}}!',
      company: 'Company',
      plan: 'Plan',
      profile: 'Profile',
      profiles: { admin: 'Administrator', user: 'User', super: 'Super administrator' },
      shortcuts: 'Shortcuts',
    },
  },
  es: {
    menu: {
      label: 'Menú principal',
      open: 'Abrir menú',
      close: 'Cerrar menú',
      home: 'Inicio',
      tickets: 'Atenciones',
      users: 'Usuarios',
    },
    topBar: {
      greeting: '¡Hola {{name}}, bienvenido a {{company}}!',
      dueDate: 'Vencimiento: {{date}}',
      volume: 'Volumen de las notificaciones',
      refresh: 'Actualizar',
      account: 'Cuenta',
      profile: 'Perfil',
      logout: 'Salir',
    },
    version: 'Versión {{version}}',
    session: {
      elsewhere: 'Se accedió a su cuenta desde otro ordenador.',
    },
    planDenied: '¡Esta empresa no tiene permiso para acceder a esta página! Le estamos redirigiendo.',
    forbidden: {
      title: 'Acceso denegado',
      message: 'No tiene permiso para acceder a esta página.',
      back: 'Volver',
    },
    home: {
      title: '¡Bienvenido, {{name}}!',
      company: 'Empresa',
      plan: 'Plan',
      profile: 'Perfil',
      profiles: { admin: 'Administrador', user: 'Usuario', super: 'Superadministrador' },
      shortcuts: 'Accesos directos',
    },
  },
  tr: {
    menu: {
      label: 'Ana menü',
      open: 'Menüyü aç',
      close: 'Menüyü kapat',
      home: 'Ana sayfa',
      tickets: 'Talepler',
      users: 'Kullanıcılar',
    },
    topBar: {
      greeting: 'Merhaba {{name}}, {{company}} şirketine hoş geldiniz!',
      dueDate: 'Son ödeme tarihi: {{date}}',
      volume: 'Bildirim sesi',
      refresh: 'Yenile',
      account: 'Hesap',
      profile: 'Profil',
      logout: 'Çıkış yap',
    },
    version: 'Sürüm {{version}}',
    session: {
      elsewhere: 'Hesabınıza başka bir bilgisayardan erişildi.',
    },
    planDenied: 'Bu şirketin bu sayfaya erişim izni yok! Sizi yönlendiriyoruz.',
    forbidden: {
      title: 'Erişim reddedildi',
      message: 'Bu sayfaya erişim izniniz yok.',
      back: 'Geri',
    },
    home: {
      title: 'Hoş geldiniz, {{name}}!',
      company: 'Şirket',
      plan: 'Plan',
      profile: 'Profil',
      profiles: { admin: 'Yönetici', user: 'Kullanıcı', super: 'Süper yönetici' },
      shortcuts: 'Kısayollar',
    },
  },
} satisfies Locales;
