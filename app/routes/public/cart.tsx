// PLACEHOLDER: replaced by the real screen.
export default function Screen() {
  return <main><h1>cart</h1></main>;
}
