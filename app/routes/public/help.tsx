// PLACEHOLDER: replaced by the real screen.
export default function Screen() {
  return <main><h1>help</h1></main>;
}
