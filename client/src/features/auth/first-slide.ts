/**
 * The login carousel's first picture: the login page's largest paint. index.html starts fetching it
 * beside the page's code on /login (vite.config.ts), so it is here, apart from the slides' markup.
 */
export const FIRST_SLIDE_PICTURE = '/carousel/dashboard.jpg';
