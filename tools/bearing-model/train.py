#!/usr/bin/env python3
"""Step 2 of the bearing-condition model (README.md beside this file).

Reads the feature table written by extract-features.ts, fits a standardised multinomial logistic
regression (softmax, L2 penalty, class-balanced weights) with numpy/scipy only, evaluates it
(stratified k-fold, channel transfer DE<->FE, time split first half<->second half, an external
healthy record from another rig) and writes

  apps/server/models/bearing-condition-cwru.json      the model the server loads at start-up
  tools/bearing-model/reference-probabilities.json   probabilities of a few rows (TS inference test)

Deterministic: fixed fold seed, a convex objective minimised by L-BFGS from zeros, and the
training date taken from the feature file's sources (not the clock) unless --date is given.

Usage: python3 tools/bearing-model/train.py [--features F] [--out M] [--reference R] [--date YYYY-MM-DD]
"""
import argparse
import json
import os

import numpy as np
from scipy.optimize import minimize
from scipy.stats import chi2

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, '..', '..'))

SEED = 20111  # fold assignment seed (any fixed number; Randall & Antoni 2011)
K_FOLDS = 5
L2 = 0.01  # penalty λ on the standardised weights (not the intercepts), per mean sample loss
MIN_PROBABILITY = 0.5  # below it a prediction is reported as class0 (unknown)
NOVELTY_QUANTILE = 0.999  # d² above the chi-square quantile of this level → class0 (unknown)
TRAINED_AT = '2026-11-23'  # fixed: regeneration gives the same file byte for byte

CLASSES = [
    # key, English name, web label key (namespace aiModel), CWRU fault type
    ('class0', 'Unknown', 'bearingCondition.unknown', None),
    ('class1', 'Normal', 'bearingCondition.normal', 'none'),
    ('class2', 'Inner race fault', 'bearingCondition.innerRace', 'inner_race'),
    ('class3', 'Ball fault', 'bearingCondition.ball', 'ball'),
    ('class4', 'Outer race fault', 'bearingCondition.outerRace', 'outer_race'),
]
TRAINED = [c[0] for c in CLASSES[1:]]  # the classes the regression outputs, in weight-row order


def load(path):
    with open(path) as f:
        d = json.load(f)
    rows = d['rows']
    X = np.array([r['features'] for r in rows], dtype=float)
    y = np.array([TRAINED.index(r['classKey']) for r in rows])
    return d, rows, X, y


def softmax(Z):
    Z = Z - Z.max(axis=1, keepdims=True)
    E = np.exp(Z)
    return E / E.sum(axis=1, keepdims=True)


def fit(X, y, n_classes):
    """Standardise X, then minimise the class-balanced mean cross-entropy + λ/2·|W|²."""
    mean = X.mean(axis=0)
    scale = X.std(axis=0)
    scale[scale == 0] = 1.0
    Xs = (X - mean) / scale
    n, p = Xs.shape
    counts = np.bincount(y, minlength=n_classes).astype(float)
    w = (n / (n_classes * np.maximum(counts, 1)))[y]  # balanced sample weights
    Y = np.eye(n_classes)[y]

    def obj(theta):
        W = theta[: n_classes * p].reshape(n_classes, p)
        b = theta[n_classes * p:]
        P = softmax(Xs @ W.T + b)
        loss = -(w * np.log(np.clip((P * Y).sum(axis=1), 1e-300, None))).sum() / n + 0.5 * L2 * (W * W).sum()
        G = (w[:, None] * (P - Y)) / n
        gW = G.T @ Xs + L2 * W
        gb = G.sum(axis=0)
        return loss, np.concatenate([gW.ravel(), gb])

    res = minimize(obj, np.zeros(n_classes * (p + 1)), jac=True, method='L-BFGS-B', options={'maxiter': 5000, 'gtol': 1e-10, 'ftol': 1e-15})
    W = res.x[: n_classes * p].reshape(n_classes, p)
    b = res.x[n_classes * p:]
    # novelty guard: class means of the standardised features and the inverse pooled within-class covariance
    centroids = np.array([Xs[y == c].mean(axis=0) for c in range(n_classes)])
    R = Xs - centroids[y]
    precision = np.linalg.inv(R.T @ R / (n - n_classes))
    return {'mean': mean, 'scale': scale, 'W': W, 'b': b, 'centroids': centroids, 'precision': precision,
            'converged': bool(res.success), 'loss': float(res.fun)}


def novelty_d2(m, X):
    """Squared Mahalanobis distance of each row to the centroid of every class, shape (n, k)."""
    Z = (X - m['mean']) / m['scale']
    D = Z[:, None, :] - m['centroids'][None, :, :]
    return np.einsum('nkp,pq,nkq->nk', D, m['precision'], D)


def decide(m, X):
    """The server's decision rule: argmax class, or -1 (class0) below MIN_PROBABILITY or beyond the novelty limit."""
    P = predict_proba(m, X)
    c = P.argmax(axis=1)
    d2 = novelty_d2(m, X)[np.arange(len(X)), c]
    limit = chi2.ppf(NOVELTY_QUANTILE, X.shape[1])
    return np.where((P.max(axis=1) >= MIN_PROBABILITY) & (d2 <= limit), c, -1)


def predict_proba(m, X):
    return softmax(((X - m['mean']) / m['scale']) @ m['W'].T + m['b'])


def confusion(y_true, y_pred, n):
    C = np.zeros((n, n), dtype=int)
    for t, p in zip(y_true, y_pred):
        C[t, p] += 1
    return C


def evaluate(name, description, X, y, train_idx, test_idx, n):
    m = fit(X[train_idx], y[train_idx], n)
    pred = predict_proba(m, X[test_idx]).argmax(axis=1)
    C = confusion(y[test_idx], pred, n)
    dec = decide(m, X[test_idx])
    return {'name': name, 'description': description, 'train': int(len(train_idx)), 'test': int(len(test_idx)),
            'accuracy': round(float(np.trace(C) / C.sum()), 6), 'confusion': C.tolist(),
            'unknownShare': round(float((dec < 0).mean()), 6),
            'accuracyOfDecided': round(float((dec == y[test_idx])[dec >= 0].mean()) if (dec >= 0).any() else 0.0, 6)}


def stratified_folds(y, k, seed):
    rng = np.random.default_rng(seed)
    fold = np.empty(len(y), dtype=int)
    for c in np.unique(y):
        idx = np.flatnonzero(y == c)
        idx = idx[rng.permutation(len(idx))]
        fold[idx] = np.arange(len(idx)) % k
    return fold


def reference_row(m, record, channel, segment, xrow):
    d = int(decide(m, xrow[None, :])[0])
    return {'record': record, 'channel': channel, 'segment': segment, 'features': xrow.tolist(),
            'probabilities': predict_proba(m, xrow[None, :])[0].tolist(),
            'noveltyDistanceSquared': novelty_d2(m, xrow[None, :])[0].tolist(),
            'prediction': 'class0' if d < 0 else TRAINED[d]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--features', default=os.path.join(HERE, 'features.json'))
    ap.add_argument('--out', default=os.path.join(ROOT, 'apps', 'server', 'models', 'bearing-condition-cwru.json'))
    ap.add_argument('--reference', default=os.path.join(HERE, 'reference-probabilities.json'))
    ap.add_argument('--date', default=TRAINED_AT)
    a = ap.parse_args()

    d, rows, X_all, y_all = load(a.features)
    train_mask = np.array([r['role'] == 'train' for r in rows])
    ext_mask = np.array([r['role'] == 'external' for r in rows])
    X, y = X_all[train_mask], y_all[train_mask]
    tr_rows = [r for r, t in zip(rows, train_mask) if t]
    n = len(TRAINED)
    channel = np.array([r['channel'] for r in tr_rows])
    half = np.array([r['half'] for r in tr_rows])

    # 1. stratified k-fold over segments (optimistic: segments of one recording are correlated)
    fold = stratified_folds(y, K_FOLDS, SEED)
    C = np.zeros((n, n), dtype=int)
    fold_acc = []
    dec_all = np.empty(len(y), dtype=int)
    for f in range(K_FOLDS):
        te = np.flatnonzero(fold == f)
        trn = np.flatnonzero(fold != f)
        m = fit(X[trn], y[trn], n)
        pred = predict_proba(m, X[te]).argmax(axis=1)
        dec_all[te] = decide(m, X[te])
        Cf = confusion(y[te], pred, n)
        fold_acc.append(float(np.trace(Cf) / Cf.sum()))
        C += Cf
    evaluations = [{
        'name': 'stratifiedKFold',
        'description': f'{K_FOLDS}-fold stratified cross-validation over all segments (seed {SEED}); optimistic: train and test segments come from the same four recordings',
        'train': int(len(y) * (K_FOLDS - 1) / K_FOLDS), 'test': int(len(y)),
        'accuracy': round(float(np.trace(C) / C.sum()), 6),
        'foldAccuracies': [round(v, 6) for v in fold_acc],
        'confusion': C.tolist(),
        'unknownShare': round(float((dec_all < 0).mean()), 6),
        'accuracyOfDecided': round(float((dec_all == y)[dec_all >= 0].mean()), 6),
    }]
    # 2. channel transfer: the same faults seen by the other accelerometer (other end of the motor)
    for a_ch, b_ch in (('DE', 'FE'), ('FE', 'DE')):
        evaluations.append(evaluate(f'train{a_ch}test{b_ch}', f'trained on the {a_ch} accelerometer segments, tested on the {b_ch} ones',
                                    X, y, np.flatnonzero(channel == a_ch), np.flatnonzero(channel == b_ch), n))
    # 3. time split: later seconds of the same recordings
    for h_tr, h_te, label in ((0, 1, 'FirstHalfTestSecondHalf'), (1, 0, 'SecondHalfTestFirstHalf')):
        evaluations.append(evaluate(f'train{label}', f'trained on the segments of the {"first" if h_tr == 0 else "second"} half of each recording, tested on the other half',
                                    X, y, np.flatnonzero(half == h_tr), np.flatnonzero(half == h_te), n))

    # final model: all training segments
    final = fit(X, y, n)
    P_train = predict_proba(final, X)
    C_train = confusion(y, P_train.argmax(axis=1), n)
    # external check: a healthy bearing of another rig (IMS), never trained on
    external = None
    if ext_mask.any():
        P_ext = predict_proba(final, X_all[ext_mask])
        ext_arg = P_ext.argmax(axis=1)
        ext_dec = decide(final, X_all[ext_mask])
        external = {
            'name': 'externalHealthyIms',
            'description': 'final model on the IMS test-1 first snapshot (another rig, 20 kHz, Rexnord ZA-2115 at its own orders, healthy), never trained on: share predicted Normal',
            'test': int(ext_mask.sum()),
            'accuracy': round(float((ext_arg == 0).mean()), 6),
            'argmaxCounts': {TRAINED[c]: int((ext_arg == c).sum()) for c in range(n)},
            'decidedCounts': {'class0': int((ext_dec < 0).sum())} | {TRAINED[c]: int((ext_dec == c).sum()) for c in range(n)},
        }

    sources = d['sources']
    model = {
        'format': 'overtone.ai-model.v1',
        'id': 'bearing-condition-cwru',
        'name': 'Bearing condition (CWRU, logistic regression)',
        'labelKey': 'bearingCondition.name',
        'version': 1,
        'type': 'multinomialLogisticRegression',
        'classes': [{'key': k, 'name': nm, 'labelKey': lk} for k, nm, lk, _ in CLASSES],
        'outputClasses': TRAINED,
        'featureSet': d['featureSet'],
        'featureNames': d['featureNames'],
        'scaler': {'mean': final['mean'].tolist(), 'scale': final['scale'].tolist()},
        'weights': final['W'].tolist(),
        'intercepts': final['b'].tolist(),
        'decision': {'minProbability': MIN_PROBABILITY, 'unknownClass': 'class0', 'normalClass': 'class1'},
        'novelty': {
            'description': 'class0 when the squared Mahalanobis distance of the standardised features to the predicted class centroid (pooled within-class covariance) exceeds maxDistanceSquared, the chi-square quantile below',
            'quantile': NOVELTY_QUANTILE,
            'maxDistanceSquared': float(chi2.ppf(NOVELTY_QUANTILE, X.shape[1])),
            'centroids': final['centroids'].tolist(),
            'precision': final['precision'].tolist(),
        },
        'training': {
            'date': a.date,
            'script': 'tools/bearing-model/train.py (features: tools/bearing-model/extract-features.ts)',
            'data': [{'id': s['id'], 'fault': s['fault'], 'fsHz': s['fsHz'], 'role': s['role'], 'source': s['source']} for s in sources],
            'segments': int(len(y)),
            'segmentsPerClass': {TRAINED[c]: int((y == c).sum()) for c in range(n)},
            'segmentSeconds': d['segmentSeconds'],
            'samplingRateHz': d['trainingSamplingRateHz'],
            'l2': L2,
            'classWeights': 'balanced',
            'seed': SEED,
            'converged': final['converged'],
            'trainingAccuracy': round(float(np.trace(C_train) / C_train.sum()), 6),
            'trainingConfusion': C_train.tolist(),
            'confusionAxes': 'rows true class, columns predicted class, in outputClasses order',
            'evaluations': evaluations + ([external] if external else []),
        },
    }
    os.makedirs(os.path.dirname(a.out), exist_ok=True)
    with open(a.out, 'w') as f:
        json.dump(model, f, indent=1)
        f.write('\n')

    # reference probabilities for the TS inference test: first segment of every record/channel
    seen, ref_rows = set(), []
    for r, xrow in zip(rows, X_all):
        key = (r['record'], r['channel'])
        if key in seen:
            continue
        seen.add(key)
        ref_rows.append(reference_row(final, r['record'], r['channel'], r['segment'], xrow))
    # and far outside the training range (saturating softmax)
    for xrow in (np.array([3.0, 2.0, 4.0, -3.0, 0.0]), np.array([-1.0, -1.0, -2.0, 3.0, 5.0])):
        ref_rows.append(reference_row(final, 'synthetic', '-', -1, xrow))
    with open(a.reference, 'w') as f:
        json.dump({'model': model['id'], 'outputClasses': TRAINED, 'rows': ref_rows}, f, indent=1)
        f.write('\n')

    for e in evaluations + ([external] if external else []):
        print(f"{e['name']:32s} accuracy {e['accuracy']:.3f}  unknown {e.get('unknownShare', float('nan')):.3f}  (test {e['test']})")
    print('training accuracy', model['training']['trainingAccuracy'], '→', os.path.relpath(a.out, os.getcwd()))


if __name__ == '__main__':
    main()
