//! The page shell every model shares: the model picker in the header, the device picker with
//! the device's facts, a paper-example picker, the form rendered from the model's field kinds
//! with inline validation, notices about the link, the URL kept in sync, the share bar, the
//! worked table and the reading notes. The model's page module renders its result card and
//! visuals in between. With `embed=1`, only the result card and the visuals.
//!
//! - [`state`]: the shell's signals, and the visit's memory of each model's inputs;
//! - [`pickers`]: model, theme, device (and the custom device), examples and Reset;
//! - [`form`]: the model's fields, their errors and hints, and the link's notices;
//! - [`stages`]: the page built in parts after the first frame.

mod form;
mod pickers;
mod stages;
mod state;

use leptos::prelude::*;

use super::browser;
use super::inputs::{set_text, text_of};
use super::occupancy::OccupancyCharts;
use super::pages::{Ctx, Good, SweepCtl};
use super::share::ShareBar;
use super::worked::{ReadingNotes, WorkedTable};
use crate::devices::Device;
use crate::link::{self, Notice, ShareState};
use crate::model::{Evaluation, InputError, Params, Sweep};
use form::{focus_target_id, label_of, KernelForm, NoticeList};
pub(crate) use pickers::ThemeToggle;
use pickers::{CustomEditor, DevicePicker, ExamplePicker, ModelPicker};
use state::{Form, Visits};

/// A measured time the link carries, beside the model's predicted time (`time_s`): the ratio
/// predicted ÷ measured, and a button that drops the measurement from the link.
#[component]
fn MeasuredNote(
    good: Memo<Option<Good>>,
    measured: RwSignal<Option<link::Measured>>,
) -> impl IntoView {
    let text = move || {
        let m = measured.get()?;
        good.with(|g| {
            let g = g.as_ref()?;
            let predicted = g.eval.number(g.state.model, "time_s");
            let kernel = if m.kernel.is_empty() {
                String::new()
            } else {
                format!(" ({})", m.kernel)
            };
            // With inputs or the GPU still to give, the card above says which: no ratio from
            // the defaults standing in.
            Some(match predicted {
                Some(t) if !m.device_unknown && m.to_type.is_empty() => format!(
                    "Measured{kernel}: {}. Predicted ÷ measured = {}.",
                    crate::format::duration(m.time_s),
                    crate::format::significant(t / m.time_s, 3)
                ),
                _ => format!("Measured{kernel}: {}.", crate::format::duration(m.time_s)),
            })
        })
    };
    move || {
        text().map(|t| {
            view! {
                <p class="measured-note" id="measured-note">
                    <span>{t}</span>
                    " "
                    <button type="button" class="link-button" on:click=move |_| measured.set(None)>
                        "Drop the measurement"
                    </button>
                </p>
            }
        })
    }
}

/// An input event in the page: a field the user edits is no longer to type, nor the profile's.
fn unmark_edited(form: Form, ev: leptos::ev::Event) {
    let Some(id) = ev
        .target()
        .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
        .map(|e| e.id())
    else {
        return;
    };
    // The value is the user's now: neither to type nor the profile's.
    if form.measured.with_untracked(|m| {
        m.as_ref().is_some_and(|m| {
            m.to_type.iter().any(|f| *f == id) || m.origins.iter().any(|(f, _)| *f == id)
        })
    }) {
        form.measured.update(|m| {
            if let Some(m) = m {
                m.to_type.retain(|f| *f != id);
                m.origins.retain(|(f, _)| *f != id);
            }
        });
    }
}

/// One evaluation per edit: the params with the model's evaluation, or the inputs' errors.
type Evaluated = Memo<Result<(Params, Evaluation), Vec<InputError>>>;

#[component]
pub fn Shell(initial: ShareState, notices: Vec<Notice>) -> impl IntoView {
    crate::ui::analysis::SharedFiles::provide();
    crate::ui::glossary::Glossary::provide();
    let embed = initial.embed;
    let at = stages::in_stages();
    let form = Form::new(&initial, notices);
    let (model, texts) = (form.model, form.texts);

    // Everything below derives from the form's signals.
    let (params, evaluated) = evaluate(form);
    // The field being edited while its box is empty: its error waits (clearing a box to type
    // a new value should not flash a message).
    let focused = RwSignal::new(None::<String>);
    let errors = Memo::new(move |_| {
        let mut es = evaluated.get().err().unwrap_or_default();
        if let Some(f) = focused.get() {
            let blank = texts.with(|t| text_of(t, &f).trim().is_empty());
            if blank {
                es.retain(|e| e.field != f);
            }
        }
        es
    });
    let stale = stale_note(form, evaluated, focused);
    let (sweep_spec, good_sweep) = sweeps(form);
    let good = last_good(form, evaluated, good_sweep);

    let query = Memo::new(move |_| {
        good.with(|g| g.as_ref().map(|g| link::to_query(&g.state)))
            .unwrap_or_default()
    });
    if !embed {
        keep_address_current(form, query);
    }
    let lists_custom = custom_in_lists(form);

    let ctx = Ctx {
        good,
        stale,
        set_text: Callback::new(move |(name, text): (&'static str, String)| {
            set_text(texts, name, text)
        }),
        set_device: Callback::new(move |d: &'static Device| form.set_device(d)),
        sweep: SweepCtl {
            field: form.sweep_field,
            from: form.sweep_from,
            to: form.sweep_to,
            points: form.sweep_points,
            log: form.sweep_log,
            spec: sweep_spec,
            good: good_sweep,
        },
        embed,
        settled: Signal::derive(move || at(1)),
    };

    let scope_note = scope_note(good);
    let result_section = move || result_section(form, ctx, scope_note);

    if embed {
        return embedded(form, ctx, query, result_section, at);
    }

    // Each model's inputs as the user left them during this visit; Back and Forward.
    let visits = Visits::new(form, good_sweep);
    visits.follow_history();

    let summary = move || {
        good.with(|g| {
            let g = g.as_ref()?;
            let p = super::pages::page(g.state.model.id)?;
            Some((p.summary)(g))
        })
    };

    view! {
        {header(form, visits)}
        <main class="page" data-model=move || model.get().id on:input=move |ev| unmark_edited(form, ev)>
            <NoticeList form=form/>
            // On narrow screens the result card sits below the form; this bar keeps the
            // prediction in sight while editing.
            <div class="mobile-summary" aria-hidden="true">
                {summary}
                {move || stale.with(Option::is_some).then_some(" · (last valid)")}
            </div>
            {inputs_section(form, params, focused, errors, good, lists_custom, at)}
            <section class="outputs" aria-label="Prediction">
                {result_section}
                {move || at(2).then(|| visuals(form, ctx))}
                {move || at(3).then(|| view! { <OccupancyCharts good=good/> })}
                {move || at(4).then(|| view! {
                    <ShareBar query=query/>
                    <WorkedTable good=good/>
                    <ReadingNotes good=good/>
                })}
            </section>
        </main>
        <footer class="foot">
            <p>
                "Model: " {move || model.get().citation} " "
                "Runs entirely in your browser; nothing is sent anywhere."
            </p>
        </footer>
    }
    .into_any()
}

/// The form's params, and one evaluation per edit: the page reads everything from it.
fn evaluate(form: Form) -> (Memo<Result<Params, Vec<InputError>>>, Evaluated) {
    let (model, device, texts) = (form.model, form.device, form.texts);
    let params = Memo::new(move |_| {
        let (m, d) = (model.get(), device.get());
        texts.with(|t| {
            link::params_from_texts(m, d, |name| {
                t.iter().find(|(n, _)| *n == name).map(|(_, v)| v.as_str())
            })
        })
    });
    let evaluated = Memo::new(move |_| {
        let p = params.get()?;
        (p.model.evaluate)(&p, device.get())
            .map(|e| (p, e))
            .map_err(|e| vec![e])
    });
    (params, evaluated)
}

/// The prediction is stale at once, even while the emptied box waits to show its error.
fn stale_note(
    form: Form,
    evaluated: Evaluated,
    focused: RwSignal<Option<String>>,
) -> Signal<Option<String>> {
    let (model, texts) = (form.model, form.texts);
    Signal::derive(move || {
        let m = model.get();
        evaluated.with(|r| {
            let e = r.as_ref().err()?.first()?;
            let blank = texts.with(|t| text_of(t, &e.field).trim().is_empty());
            Some(
                if blank && focused.get().as_deref() == Some(e.field.as_str()) {
                    format!("{} is empty", label_of(m, &e.field))
                } else {
                    format!("{}: {}", label_of(m, &e.field), e.message)
                },
            )
        })
    })
}

/// The sweep the controls give, and the last valid one.
fn sweeps(form: Form) -> (Memo<Result<Sweep, InputError>>, Memo<Option<Sweep>>) {
    let model = form.model;
    let sweep_spec = Memo::new(move |_| {
        link::sweep_from_texts(
            model.get(),
            form.sweep_field.get(),
            &form.sweep_from.get(),
            &form.sweep_to.get(),
            &form.sweep_points.get(),
            form.sweep_log.get(),
        )
    });
    let good_sweep: Memo<Option<Sweep>> =
        Memo::new(move |prev: Option<&Option<Sweep>>| match sweep_spec.get() {
            Ok(s) => Some(s),
            Err(_) => prev
                .cloned()
                .flatten()
                .filter(|s| model.get().field(s.field).is_some()),
        });
    (sweep_spec, good_sweep)
}

/// The last valid prediction, which stays on screen while an input is invalid.
fn last_good(
    form: Form,
    evaluated: Evaluated,
    good_sweep: Memo<Option<Sweep>>,
) -> Memo<Option<Good>> {
    let (model, device) = (form.model, form.device);
    Memo::new(move |prev: Option<&Option<Good>>| match evaluated.get() {
        Ok((params, eval)) => Some(Good {
            state: ShareState {
                model: params.model,
                device: device.get(),
                params,
                sweep: model.get().sweep.and(good_sweep.get()),
                embed: false,
                measured: form.measured.get(),
            },
            eval,
        }),
        Err(_) => prev
            .cloned()
            .flatten()
            .filter(|g| g.state.model.id == model.get().id),
    })
}

/// Keep the address bar current: a model switch adds a history entry at once (so Back right
/// after a switch returns to the model left), edits replace the current one when the browser
/// is next idle, after the frame that shows the edit (several quick edits write it once).
fn keep_address_current(form: Form, query: Memo<String>) {
    let pending = StoredValue::new(false);
    Effect::new(move |_| {
        if query.with(String::is_empty) {
            return;
        }
        if form.push_next.get_value() {
            form.push_next.set_value(false);
            let _ = query.with(|q| browser::push_query(q));
            return;
        }
        if pending.get_value() {
            return;
        }
        pending.set_value(true);
        browser::when_idle(move || {
            pending.set_value(false);
            let _ = query.with_untracked(|q| browser::replace_query(q));
        });
    });
}

/// A model that names its devices in its own lists: naming `custom` there makes the
/// evaluation's device the custom one (its values typed under the lists).
fn custom_in_lists(form: Form) -> Memo<bool> {
    let model = form.model;
    let lists_custom = Memo::new(move |_| {
        let m = model.get();
        !m.devices.one()
            && form.texts.with(|t| {
                m.fields
                    .iter()
                    .filter(|f| matches!(f.kind, crate::field::Kind::Devices { .. }))
                    .any(|f| {
                        crate::ui::inputs::text_of(t, f.name)
                            .split(',')
                            .any(|id| id.trim() == crate::devices::custom::ID)
                    })
            })
    });
    Effect::new(move |_| {
        if lists_custom.get() && form.device.get_untracked().id != crate::devices::custom::ID {
            form.choose_custom();
        }
    });
    lists_custom
}

/// Inputs a profile left to the user (and its GPU, where it names none): until they are
/// given, the model's defaults stand in, so no time, bound, ratio or advice is shown.
fn pending(form: Form) -> Option<String> {
    form.measured.with(|m| {
        let m = m.as_ref()?;
        let mut what: Vec<&str> = m.to_type.clone();
        if m.device_unknown {
            what.push("the GPU");
        }
        (!what.is_empty()).then(|| what.join(", "))
    })
}

/// The model's result card, or what the profile leaves to give first.
fn result(form: Form, ctx: Ctx) -> AnyView {
    let page = move || super::pages::page(form.model.get().id);
    match pending(form) {
        Some(what) => view! {
            <p class="pending" id="pending">
                <strong>"No prediction yet. "</strong>
                {format!("The profile does not give {what}: the model's defaults stand in for them, so they say nothing about this kernel. Give them in the form to see its time.")}
            </p>
        }
        .into_any(),
        None => page().map(|p| (p.result)(ctx)).into_any(),
    }
}

/// The model's own visuals, once the profile's inputs are given.
fn visuals(form: Form, ctx: Ctx) -> Option<Option<AnyView>> {
    pending(form)
        .is_none()
        .then(|| super::pages::page(form.model.get().id).map(|p| (p.visuals)(ctx)))
}

/// What the model leaves out on this GPU: redrawn when it changes, not on every edit.
fn scope_note(good: Memo<Option<Good>>) -> Memo<Option<String>> {
    Memo::new(move |_| {
        good.with(|g| {
            let g = g.as_ref()?;
            // The sentence on what it leaves out comes with the glossary's texts.
            let text = g.state.model.beyond_scope(g.state.device)?
                + &crate::ui::glossary::Glossary::text(g.state.model.id, "scope");
            // Published measurements on this device, where the table has some for the model.
            let id = g.state.device.id;
            let link = if !g.state.model.validated {
                String::new()
            } else if crate::validation::DEVICES.contains(&id) {
                format!(r#" <a href="validation.html#{id}" id="validation-link">Published measurements on this GPU beside the predictions</a>."#)
            } else {
                r#" <a href="validation.html" id="validation-link">Published measurements on other newer GPUs beside the predictions</a>."#.to_string()
            };
            Some(format!(
                "<strong>An old model on a new GPU. </strong>{}{link}",
                crate::chart::svg::esc(&text)
            ))
        })
    })
}

/// The result: the stale note, the model's card, the measured time and the scope note.
fn result_section(form: Form, ctx: Ctx, scope_note: Memo<Option<String>>) -> impl IntoView {
    let Ctx { good, stale, .. } = ctx;
    let model = form.model;
    view! {
        <section
            class="result"
            class:stale=move || stale.with(Option::is_some)
            aria-live="polite"
            id="result"
            tabindex="-1"
            data-model=move || model.get().id
            data-ready=move || good.with(|g| g.as_ref().map(|g| g.state.model.id))
        >
            <p class="stale-note" id="stale-note">
                {move || stale.get().map(|e| format!("{e} — showing the last valid prediction."))}
            </p>
            {move || result(form, ctx)}
            <MeasuredNote good=good measured=form.measured/>
            {move || scope_note.get().map(|html| view! {
                // HTML the model's scope data writes (its links and code words), one note.
                <p class="scope-note" id="scope-note" role="note" inner_html=html></p>
            })}
        </section>
    }
}

/// The page in an iframe (`embed=1`): the result card and the visuals, with a link to the
/// whole page.
fn embedded<S: IntoView + 'static>(
    form: Form,
    ctx: Ctx,
    query: Memo<String>,
    result_section: impl Fn() -> S + Send + Sync + 'static,
    at: impl Fn(u8) -> bool + Copy + Send + Sync + 'static,
) -> AnyView {
    let model = form.model;
    let base = browser::page_base();
    let full_link = move || format!("{base}?{}", query.get());
    // The host page sizes the frame to the content (the snippet's few lines listen).
    if let Some(body) = browser::body() {
        let last = std::cell::Cell::new(0.0);
        browser::watch_size(&body, move |r| {
            let h = r.height().ceil();
            if h > 0.0 && h != last.get() {
                last.set(h);
                browser::post_height_to_parent(h);
            }
        });
    }
    view! {
        <main class="embed">
            <h1 class="sr-only">{move || format!("warpsight: {}", model.get().title)}</h1>
            <NoticeList form=form/>
            {result_section}
            {move || at(1).then(|| visuals(form, ctx))}
            <p class="embed-foot">
                <a href=full_link target="_blank" rel="noopener">"Open in warpsight ↗"</a>
            </p>
        </main>
    }
    .into_any()
}

/// The skip link and the header: the name, the model picker, the other pages, the theme.
fn header(form: Form, visits: Visits) -> impl IntoView {
    view! {
        <a class="skip-link" href="#result">"Skip to the prediction"</a>
        <header class="top">
            <div class="brand">
                <h1>"warpsight"</h1>
                <p class="tagline">"How long will this GPU kernel run? Predicted from the papers' analytical models, before you write it."</p>
            </div>
            <ModelPicker form=form visits=visits/>
            <nav class="page-nav"><a href="./?model=hong-kim#ptx" id="to-ptx">"PTX analyzer"</a><a href="./?page=measured" id="to-measured">"Measured vs predicted"</a></nav>
            <ThemeToggle/>
        </header>
    }
}

/// The inputs: the device and example pickers, the model's form, and the custom device's
/// values where the model's own lists name it.
fn inputs_section(
    form: Form,
    params: Memo<Result<Params, Vec<InputError>>>,
    focused: RwSignal<Option<String>>,
    errors: Memo<Vec<InputError>>,
    good: Memo<Option<Good>>,
    lists_custom: Memo<bool>,
    at: impl Fn(u8) -> bool + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let model = form.model;
    view! {
        <section class="inputs" aria-label="Inputs">
            // A model that names its devices in its own fields has no single device.
            {move || (at(1) && model.get().devices.one()).then(|| view! { <DevicePicker form=form/> })}
            {move || at(1).then(|| view! { <ExamplePicker form=form params=params/> })}
            <form
                class="kernel"
                on:submit=|ev| ev.prevent_default()
                on:focusin=move |ev| focused.set(focus_target_id(&ev))
                on:focusout=move |_| focused.set(None)
            >
                {move || at(1).then(|| view! { <KernelForm form=form errors=errors good=good/> })}
            </form>
            // A model's own lists may name the custom device, whose values are typed here:
            // below the form, so ticking it moves nothing above (the box stays under the
            // pointer).
            {move || (at(1) && lists_custom.get()).then(|| view! { <CustomEditor form=form/> })}
        </section>
    }
}
