/** CSS Modules: each class name maps to its scoped name. */
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
