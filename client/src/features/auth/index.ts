export { LoginPage } from './login-page';
export { CallbackPage } from './callback-page';
