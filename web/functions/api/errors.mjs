// The one error type of the proxy: a status, a stable code and a message fit to show (never upstream text).
export class ProxyError extends Error {
  constructor(status, code, message, headers = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}
