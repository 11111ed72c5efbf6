// PLACEHOLDER: replaced by the real screen.
export default function Screen() {
  return <main><h1>merchant-detail</h1></main>;
}
