/** Text that is safe inside XML/HTML text and attribute values: markup escaped, control characters dropped. */
export function escapeXml(value: string): string {
  return value
    // eslint-disable-next-line no-control-regex -- control characters are exactly what XML text may not hold
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
