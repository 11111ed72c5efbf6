// PLACEHOLDER: replaced by the real screen.
export default function Screen() {
  return <main><h1>product-detail</h1></main>;
}
