// PLACEHOLDER: replaced by the real screen.
export default function Screen() {
  return <main><h1>register-merchant</h1></main>;
}
