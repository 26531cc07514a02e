/**
 * jsdom has <dialog> but not showModal()/close(). Component tests of dialogs and drawers import this
 * for the minimum the app relies on: `open` follows the calls, and close() fires `close`. (Escape is
 * the browser's `cancel` event; tests dispatch it themselves.)
 */
const proto = HTMLDialogElement.prototype as HTMLDialogElement & { __polyfilled?: boolean };
if (!proto.__polyfilled) {
  proto.__polyfilled = true;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.show = proto.showModal;
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
export {};
