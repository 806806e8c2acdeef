import { html } from 'hono/html';

/** Languages of the authorization pages. */
export type PageLanguage = 'de' | 'pt' | 'en';

const TEXT = {
  en: {
    signInTitle: 'Sign in to the accounting sandbox',
    signInIntro: 'wants to access your accounting data. Sign in to continue.',
    email: 'E-mail address',
    password: 'Password',
    signIn: 'Sign in',
    badLogin: 'The e-mail address or password is wrong.',
    consentTitle: 'Allow access?',
    consentIntro: 'asks for access to a business of',
    scope: 'Requested access',
    full_access: 'Read and change your data (full_access)',
    readonly: 'Read your data, no changes (readonly)',
    business: 'Business',
    approve: 'Allow',
    deny: 'Deny',
    errorTitle: 'This authorization request cannot be completed',
    demoHint:
      'Demo logins are printed when the sandbox starts (by npm start or acctkit-sandbox) and listed in the guide:',
    demoLink: 'demo logins',
    denied: 'The user denied the request.',
    expiredForm: 'This form has expired. Open the authorization link again.',
    clientMissing: 'The request has no client_id, or more than one.',
    unknownClient: 'The client_id of this request is not registered with the sandbox.',
    redirectMissing: 'The request has no redirect_uri, or more than one.',
    redirectUnregistered: 'The redirect_uri of this request is not registered for this client.',
  },
  de: {
    signInTitle: 'Bei der Buchhaltungs-Sandbox anmelden',
    signInIntro: 'möchte auf Ihre Buchhaltungsdaten zugreifen. Melden Sie sich an, um fortzufahren.',
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    signIn: 'Anmelden',
    badLogin: 'E-Mail-Adresse oder Passwort ist falsch.',
    consentTitle: 'Zugriff erlauben?',
    consentIntro: 'bittet um Zugriff auf ein Unternehmen von',
    scope: 'Angefragter Zugriff',
    full_access: 'Daten lesen und ändern (full_access)',
    readonly: 'Daten nur lesen (readonly)',
    business: 'Unternehmen',
    approve: 'Erlauben',
    deny: 'Ablehnen',
    errorTitle: 'Diese Autorisierungsanfrage kann nicht ausgeführt werden',
    demoHint:
      'Die Demo-Zugänge werden beim Start der Sandbox angezeigt (durch npm start oder acctkit-sandbox) und stehen in der Anleitung:',
    demoLink: 'Demo-Zugänge',
    denied: 'Der Benutzer hat die Anfrage abgelehnt.',
    expiredForm: 'Dieses Formular ist abgelaufen. Öffnen Sie den Autorisierungslink erneut.',
    clientMissing: 'Die Anfrage enthält keine oder mehrere client_id.',
    unknownClient: 'Die client_id dieser Anfrage ist bei der Sandbox nicht registriert.',
    redirectMissing: 'Die Anfrage enthält keine oder mehrere redirect_uri.',
    redirectUnregistered: 'Die redirect_uri dieser Anfrage ist für diesen Client nicht registriert.',
  },
  pt: {
    signInTitle: 'Iniciar sessão na sandbox de contabilidade',
    signInIntro: 'pretende aceder aos seus dados contabilísticos. Inicie sessão para continuar.',
    email: 'Endereço de e-mail',
    password: 'Palavra-passe',
    signIn: 'Iniciar sessão',
    badLogin: 'O endereço de e-mail ou a palavra-passe estão errados.',
    consentTitle: 'Permitir acesso?',
    consentIntro: 'pede acesso a uma empresa de',
    scope: 'Acesso pedido',
    full_access: 'Ler e alterar os seus dados (full_access)',
    readonly: 'Apenas ler os seus dados (readonly)',
    business: 'Empresa',
    approve: 'Permitir',
    deny: 'Recusar',
    errorTitle: 'Não é possível concluir este pedido de autorização',
    demoHint:
      'Os acessos de demonstração são mostrados quando a sandbox inicia (por npm start ou acctkit-sandbox) e estão no guia:',
    demoLink: 'acessos de demonstração',
    denied: 'O utilizador recusou o pedido.',
    expiredForm: 'Este formulário expirou. Abra novamente a ligação de autorização.',
    clientMissing: 'O pedido não tem client_id, ou tem mais do que um.',
    unknownClient: 'O client_id deste pedido não está registado na sandbox.',
    redirectMissing: 'O pedido não tem redirect_uri, ou tem mais do que um.',
    redirectUnregistered: 'O redirect_uri deste pedido não está registado para este cliente.',
  },
} as const;

/** The strings of one language. */
export type PageText = { readonly [K in keyof (typeof TEXT)['en']]: string };

/** Picks the page language from `?lang=` or `Accept-Language` (de, pt, else en). */
export function pageLanguage(lang: string | undefined, acceptLanguage: string | undefined): PageLanguage {
  if (lang === 'de' || lang === 'pt' || lang === 'en') return lang;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === 'de' || tag === 'pt' || tag === 'en') return tag;
  }
  return 'en';
}

/** The strings of a language. */
export function pageText(lang: PageLanguage): PageText {
  return TEXT[lang];
}

/** An HTML fragment built with `hono/html`: interpolated strings are escaped, fragments are not. */
export type Html = ReturnType<typeof html>;

/** A complete, self-contained page (no external assets); `body` is a `hono/html` fragment. */
export function page(lang: PageLanguage, title: string, body: Html, width = '28rem'): Html {
  return html`<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1b1f24}
main{max-width:${width};margin:3rem auto;background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 4px #0002}
h1{font-size:1.4rem;margin-top:0}input[type=radio]{width:1.1rem;height:1.1rem;vertical-align:-.2rem;margin:.4rem .3rem .4rem 0}label{display:block;margin:.8rem 0 .2rem;font-weight:600}
input[type=email],input[type=password]{width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #667;border-radius:4px;font:inherit}
button{font:inherit;padding:.5rem 1.2rem;margin:1rem .5rem 0 0;border-radius:4px;border:1px solid #0b57d0;background:#0b57d0;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#0b57d0}fieldset{border:1px solid #ccd;border-radius:4px;margin:1rem 0}
pre{background:#f4f5f7;padding:.8rem;overflow-x:auto;border-radius:4px}code{font:.9em ui-monospace,monospace}
:focus-visible{outline:3px solid #f5a623;outline-offset:2px}.error{color:#a50e0e;font-weight:600}.hint{color:#555;font-size:.9rem}
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}
