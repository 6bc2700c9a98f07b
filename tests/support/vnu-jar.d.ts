declare module "vnu-jar" {
  /** Absolute path of vnu.jar, the W3C Nu HTML Checker. */
  const jar: string;
  export default jar;
}
