//! The typed messages of `crate::protocol` onto and off `postMessage`: the page writes a
//! [`Request`] and reads [`Reply`]s, as postcard bytes.

use super::*;

/// The message for request `seq`, with the browser's `file` handle beside it when the job
/// reads one.
pub(super) fn message(seq: u32, request: Request, file: Option<&File>) -> Option<JsValue> {
    let bytes = postcard::to_allocvec(&Envelope { seq, request }).ok()?;
    let m = js_sys::Object::new();
    js_sys::Reflect::set(&m, &BYTES_KEY.into(), &js_sys::Uint8Array::from(&bytes[..])).ok()?;
    if let Some(file) = file {
        js_sys::Reflect::set(&m, &FILE_KEY.into(), file).ok()?;
    }
    Some(m.into())
}

/// A worker's reply (`None`: not one of ours).
pub(super) fn reply(data: JsValue) -> Option<Reply> {
    let bytes = js_sys::Reflect::get(&data, &BYTES_KEY.into()).ok()?;
    let bytes = bytes.dyn_into::<js_sys::Uint8Array>().ok()?.to_vec();
    postcard::from_bytes(&bytes).ok()
}
