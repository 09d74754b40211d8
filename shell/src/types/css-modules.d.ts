/** CSS Modules (rspack 2 native CSS, `namedExports: false`): `import styles from './x.module.css'`. */
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.css';
