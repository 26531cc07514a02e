export { SlideshowPage } from './slideshow-page';
