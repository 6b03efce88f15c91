//! The long-lived workers: the PTX panel's service (requests answered in order, restarted after a failure) and the report worker that writes the JSON download.

use super::*;

/// The JSON document of a link (`warpsight eval`'s), written by the report worker
/// (`src/report_worker.rs`): `done` gets its text or what went wrong. The worker ends once it
/// has answered.
pub fn json_in_worker(query: String, done: impl FnOnce(Result<String, String>) + 'static) {
    let worker = match Worker::new(REPORT_WORKER) {
        Ok(w) => w,
        Err(_) => return done(Err("the browser could not start the worker".to_string())),
    };
    let target = worker.clone();
    let mut done = Some(done);
    let message = message(1, Request::Report { query }, None);
    let handler = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let result = match reply(e.data()) {
            Some(Reply::Ready) => {
                if let Some(m) = &message {
                    let _ = target.post_message(m);
                }
                return;
            }
            Some(Reply::Done {
                answer: Answer::Report(json),
                ..
            }) => Ok(json),
            Some(Reply::Failed { message, .. }) => Err(message),
            _ => return,
        };
        target.terminate();
        if let Some(done) = done.take() {
            done(result);
        }
    });
    worker.set_onmessage(Some(handler.as_ref().unchecked_ref()));
    // One small handler per download, kept: it may not be dropped while it runs.
    handler.forget();
}

pub(super) type OnAnswer = Box<dyn Fn(&str, Result<Answer, String>)>;

pub(super) struct ServiceInner {
    pub(super) worker: Worker,
    pub(super) ready: std::cell::Cell<bool>,
    /// The latest request sent before the worker was ready.
    pub(super) pending: std::cell::RefCell<Option<JsValue>>,
    pub(super) seq: std::cell::Cell<u32>,
    /// The latest request of each kind: (kind, seq).
    pub(super) latest: std::rc::Rc<std::cell::RefCell<Vec<(&'static str, u32)>>>,
    pub(super) _handler: Closure<dyn FnMut(MessageEvent)>,
    pub(super) _on_error: Closure<dyn FnMut(web_sys::ErrorEvent)>,
}

/// A worker kept for a panel's lifetime (the PTX panel's): requests go to it one after another,
/// and of each kind of request only the latest one's answer is handed on, with its kind.
#[derive(Clone, Copy)]
pub struct Service {
    pub(super) inner: StoredValue<Option<std::rc::Rc<ServiceInner>>, LocalStorage>,
    pub(super) answer: StoredValue<Option<std::rc::Rc<OnAnswer>>, LocalStorage>,
    /// The last worker ended by [`Service::fail`], kept until the next ends: `fail` may run in
    /// its error handler, which must not be dropped while it runs.
    pub(super) ended: StoredValue<Option<std::rc::Rc<ServiceInner>>, LocalStorage>,
}

impl Service {
    /// `answer(kind, result)` gets each latest answer ([`Request::kind`]): the answer or the
    /// worker's message.
    pub fn new(answer: impl Fn(&str, Result<Answer, String>) + 'static) -> Service {
        let answer: OnAnswer = Box::new(answer);
        let s = Service {
            inner: StoredValue::new_local(None),
            answer: StoredValue::new_local(Some(std::rc::Rc::new(answer))),
            ended: StoredValue::new_local(None),
        };
        on_cleanup(move || {
            s.inner.update_value(|i| {
                if let Some(i) = i.take() {
                    i.worker.terminate();
                }
            })
        });
        s
    }

    pub(super) fn start(self) -> Option<std::rc::Rc<ServiceInner>> {
        let worker = Worker::new(WORKER).ok()?;
        let latest = std::rc::Rc::new(std::cell::RefCell::new(Vec::<(&'static str, u32)>::new()));
        let kinds = latest.clone();
        let answer = self.answer.get_value()?;
        let me = self;
        let handler = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let (seq, result) = match reply(e.data()) {
                Some(Reply::Ready) => {
                    if let Some(i) = me.inner.get_value() {
                        i.ready.set(true);
                        if let Some(m) = i.pending.borrow_mut().take() {
                            let _ = i.worker.post_message(&m);
                        }
                    }
                    return;
                }
                Some(Reply::Done { seq, answer }) => (seq, Ok(answer)),
                Some(Reply::Failed { seq, message }) => (seq, Err(message)),
                _ => return,
            };
            // Only the latest request of its kind is answered.
            let kind = kinds
                .borrow()
                .iter()
                .find(|(_, s)| *s == seq)
                .map(|(k, _)| *k);
            if let Some(kind) = kind {
                answer(kind, result);
            }
        });
        // The worker died (out of memory, a trap): each request waiting gets the error, and
        // the next request starts a fresh worker.
        let on_error =
            Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(move |e: web_sys::ErrorEvent| {
                e.prevent_default();
                me.fail(&died(&e));
            });
        worker.set_onmessage(Some(handler.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Some(std::rc::Rc::new(ServiceInner {
            worker,
            ready: std::cell::Cell::new(false),
            pending: std::cell::RefCell::new(None),
            seq: std::cell::Cell::new(0),
            latest,
            _handler: handler,
            _on_error: on_error,
        }))
    }

    /// Ends the worker (it died, or the user cancelled): each kind's latest request is answered
    /// with `message`; the next request starts a fresh worker.
    pub fn fail(self, message: &str) {
        let Some(i) = self.inner.get_value() else {
            return;
        };
        self.inner.set_value(None);
        i.worker.terminate();
        let kinds: Vec<&str> = i.latest.borrow().iter().map(|(k, _)| *k).collect();
        self.ended.set_value(Some(i));
        if let Some(answer) = self.answer.get_value() {
            for k in kinds {
                answer(&k, Err(message.to_string()));
            }
        }
    }

    /// Starts the worker if none is running, so that the first request does not wait for
    /// its wasm to load and compile (the PTX panel warms its worker when it is opened).
    pub fn warm(self) {
        if self.inner.with_value(|i| i.is_none()) {
            let started = self.start();
            self.inner.set_value(started);
        }
    }

    /// Sends `request`, starting the worker on first use; an answer to an earlier request of
    /// the same kind is dropped from now on.
    pub fn send(self, request: Request) {
        self.warm();
        let Some(i) = self.inner.get_value() else {
            return;
        };
        let seq = i.seq.get() + 1;
        i.seq.set(seq);
        let kind = request.kind();
        let Some(message) = message(seq, request, None) else {
            return;
        };
        let mut latest = i.latest.borrow_mut();
        match latest.iter_mut().find(|(k, _)| *k == kind) {
            Some(l) => l.1 = seq,
            None => latest.push((kind, seq)),
        }
        drop(latest);
        if i.ready.get() {
            let _ = i.worker.post_message(&message);
        } else {
            *i.pending.borrow_mut() = Some(message);
        }
    }
}
