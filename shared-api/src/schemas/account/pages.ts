// The account remote's contracts (spec part 2 §3, §7), one file per feature; this file re-exports
// them for shared-api's index.
export {};
export * from './registration';
export * from './data-access';
export * from './sms-login';
export * from './passkeys';
export * from './kela';
export * from './contact';
export * from './save-action';
export * from './profile';
export * from './team';
export * from './static-pages';
export * from './reminders';
