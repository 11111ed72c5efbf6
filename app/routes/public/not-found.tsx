// PLACEHOLDER: replaced by the real screen.
export default function Screen() {
  return <main><h1>not-found</h1></main>;
}
