//! The typed messages of `crate::protocol` onto and off `postMessage`: the page writes a
//! [`Request`] and reads [`Reply`]s, as postcard bytes.

use super::*;

/// The message for request `seq`, with the browser's `file` handle beside it when the job
/// reads one.
pub(super) fn message(seq: u32, request: Request, file: Option<&File>) -> Option<JsValue> {
    let m = crate::protocol::message::to_js(&Envelope { seq, request })?;
    if let Some(file) = file {
        js_sys::Reflect::set(&m, &FILE_KEY.into(), file).ok()?;
    }
    Some(m.into())
}

/// A worker's reply (`None`: not one of ours).
pub(super) fn reply(data: JsValue) -> Option<Reply> {
    crate::protocol::message::from_js(&data)
}
