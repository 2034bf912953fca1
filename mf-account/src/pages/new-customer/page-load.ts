/** Full page loads (the login page after logging out): one seam, so tests can watch them. */
export const pageLoad = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
