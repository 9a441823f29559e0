// The package ships the Spanish translation without a declaration of its own: importing it registers it.
declare module 'altcha/i18n/es-419';
