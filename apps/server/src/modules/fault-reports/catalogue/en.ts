import type { LanguageCatalogue } from './types.ts';

const bearingCause =
  'General causes: insufficient or contaminated lubrication, fatigue at the end of the rated life, overload, misalignment or unbalance loading the bearing, incorrect fits or mounting, electric current passing through the bearing (motors on variable frequency drives).';

/** English catalogue (the reference wording the other languages translate). */
export const en: LanguageCatalogue = {
  locale: 'en',
  withComponent: (fault, component) => `${fault} — ${component}`,
  timeToStop: (count, plural) => `Estimated time until a stop is required: ${count} ${plural === 'one' ? 'month' : 'months'}`,
  components: {
    outer_race: {
      name: 'outer race',
      indication:
        'Envelope spectrum: a line at BPFO (ball pass frequency, outer race) and its harmonics, normally without sidebands because the outer race does not rotate; the highest amplitude is in the direction of the load zone.',
      cause:
        'An outer-race defect usually starts in the load zone; it is also caused by an out-of-round housing or by the outer ring creeping in its housing.',
    },
    inner_race: {
      name: 'inner race',
      indication:
        'Envelope spectrum: a line at BPFI (ball pass frequency, inner race) and its harmonics with sidebands at 1× running speed, because the defect rotates with the shaft in and out of the load zone.',
      cause:
        'An inner-race defect is often due to fatigue under high load, a too tight shaft fit (cracked ring) or electric current passage (fluting).',
    },
    rolling_element: {
      name: 'rolling element',
      indication:
        'Envelope spectrum: a line at BSF (ball spin frequency) or 2× BSF with sidebands at FTF (cage frequency), because the damaged element travels with the cage in and out of the load zone.',
      cause: 'Rolling-element damage is often caused by contamination, lubricant breakdown or static overload (brinelling).',
    },
    cage: {
      name: 'cage',
      indication:
        'Envelope spectrum: a line at FTF (fundamental train frequency, about 0.4× running speed) and its harmonics, often modulating the other bearing lines.',
      cause:
        'Cage damage is mostly caused by lack of lubrication, incorrect mounting, misalignment, or high speed and acceleration.',
    },
  },
  faults: {
    cavitation: {
      name: 'Cavitation',
      description:
        'Vapour bubbles form where the pressure at the pump inlet falls below the vapour pressure of the liquid and collapse violently further along the impeller. The implosions erode the impeller and casing and load the bearings and the mechanical seal.',
      indication:
        'Broadband, random high-frequency energy (typically above 2 kHz) in the acceleration spectrum without discrete lines, often with a raised blade-pass frequency; the time signal is erratic and the level changes with flow and suction conditions.',
      cause:
        'Insufficient net positive suction head (NPSHa below NPSHr): a clogged suction strainer, a partly closed suction valve, a low suction tank level, too high a liquid temperature, operation far above the best efficiency point, or air entering at the suction.',
      suggestions: [
        'Check the suction side: strainer and filter, suction valve fully open, tank level and suction pressure.',
        'Compare the operating point (flow, head) with the pump curve and bring it back towards the best efficiency point.',
        'Check the liquid temperature and the NPSH margin (NPSHa against NPSHr).',
        'Inspect the impeller for cavitation erosion at the next stop.',
        'Confirm with a follow-up measurement 7 days after the corrective action.',
      ],
    },
    'mechanical-looseness': {
      name: 'Mechanical looseness',
      description:
        'Parts that should be held rigidly (feet, bolts, bearing housings, fits on the shaft) have lost their preload or fit. The loose joint responds non-linearly, so the vibration becomes rich in harmonics and may change from one measurement to the next.',
      indication:
        'Many harmonics of running speed (often up to 10× and beyond) in the velocity spectrum, frequently with half orders (0.5×, 1.5×, 2.5×) and a raised noise floor; the time signal is truncated or irregular and the phase unstable. Structural looseness is strongly directional, often vertical.',
      cause:
        'Loose or stretched hold-down bolts, soft foot, a cracked baseplate or frame, deteriorated grout, a bearing loose in its housing or on the shaft (worn fit), excessive bearing clearance.',
      suggestions: [
        'Check the hold-down and bearing housing bolts and tighten them to the specified torque.',
        'Check for soft foot with a dial indicator or the laser alignment tool and correct it with shims.',
        'Inspect the baseplate, frame and grout for cracks.',
        'Check the bearing fits (housing and shaft) and the bearing clearance at the next stop.',
        'Confirm with a follow-up measurement in 14 days.',
      ],
    },
    pulley_and_belt: {
      name: 'Pulley and belt fault',
      description:
        'A fault of the belt drive: a worn, cracked or wrongly tensioned belt, eccentric or worn pulleys, or pulleys out of line. It causes a varying load on both shafts and accelerated wear of belts and bearings.',
      indication:
        'Lines at the belt frequency and its harmonics, below running speed (2× belt frequency is often the highest), and/or a high 1× of the pulley in the direction of the belt span (eccentric pulley) or a high axial 1× (misaligned pulleys); the levels vary with belt tension.',
      cause:
        'Belt wear, stretching or damage, wrong belt tension, mismatched belt sets, eccentric pulleys or worn grooves, pulleys not in line (angular or parallel offset), belt span resonance.',
      suggestions: [
        'Inspect the belts for wear, cracks and glazing; replace the whole set if one belt is damaged.',
        "Check the belt tension with a tension meter and set it to the manufacturer's value.",
        'Check the pulley alignment with a laser pulley alignment tool.',
        'Check pulley run-out and groove wear with a dial indicator and a groove gauge.',
        'Confirm with a follow-up measurement in 14 days.',
      ],
    },
    electrical_fault: {
      name: 'Electrical fault',
      description:
        'The electromagnetic forces in an electric motor are not evenly distributed around the air gap: stator faults, an uneven air gap (eccentricity), broken rotor bars or an unbalanced supply. This vibration is produced by the magnetic field and disappears as soon as the motor is de-energised.',
      indication:
        'A line at twice the mains frequency (100 Hz on a 50 Hz supply), separated from 2× running speed with a fine spectral resolution, and/or pole-pass frequency sidebands around 1× and its harmonics (rotor bars); the level depends on the load and drops at once when the power is cut.',
      cause:
        'Static or dynamic air-gap eccentricity, stator winding faults or loose laminations, broken rotor bars or end rings, phase voltage imbalance, soft foot distorting the stator frame, problems caused by the variable frequency drive.',
      suggestions: [
        'Check the supply voltage and the current balance between the three phases.',
        'Carry out a motor current signature analysis (MCSA) for rotor bar and eccentricity faults.',
        'Check for soft foot under the motor feet.',
        'Measure at power-off: a vibration that drops instantly confirms an electrical cause.',
        'Have the air gap, stator and rotor inspected by a motor workshop at the next stop.',
      ],
    },
    flow_induced_fault: {
      name: 'Flow-induced vibration',
      description:
        'Vibration excited by the flow of liquid or gas through a pump, fan or compressor rather than by a mechanical defect: pressure pulsations at the blade or vane passing frequency, turbulence and recirculation. It grows when the machine runs far from its design point.',
      indication:
        'A high line at the blade-pass frequency (number of blades × running speed) and its harmonics, and/or broadband random low-frequency energy (turbulence) below running speed; the levels change with flow, pressure and valve position.',
      cause:
        'Operation far from the best efficiency point (too low or too high flow), recirculation, too small a gap between the impeller and the volute tongue or diffuser vanes, obstructions or sharp bends in the piping or duct, damaged vanes.',
      suggestions: [
        "Compare the operating point (flow, pressure, valve positions) with the machine's design point and correct it.",
        'Check the suction and discharge piping or ducts for obstructions, throttling and damaged guide vanes.',
        'Inspect the impeller and its gap to the volute tongue or diffuser at the next stop.',
        'Repeat the measurement at several flow rates to confirm the dependence on flow.',
      ],
    },
    early_stage_bearing_failure: {
      name: 'Early-stage bearing failure',
      description:
        'A rolling bearing shows the first signs of damage: micro-pitting or a small spall that is not yet visible in the velocity spectrum. The bearing can usually keep running for some time, but the damage will grow.',
      indication:
        'At this stage the lines appear only at high frequency: in the envelope (demodulated) spectrum of the band chosen by spectral kurtosis, with low amplitudes and few harmonics, while the velocity spectrum and the overall level are still normal.',
      cause: bearingCause,
      suggestions: [
        'Check the lubrication (grease quantity, interval and condition) and relubricate if it is due.',
        'Check for causes that load the bearing: misalignment, unbalance, belt tension.',
        'Confirm with a follow-up measurement in 14 days and trend the envelope lines.',
        'Plan the bearing replacement and make sure the spare bearing is in stock.',
      ],
    },
    bearing_failure: {
      name: 'Bearing failure',
      description:
        'A rolling bearing has localised damage (spalling, cracks or pitting) on one of its components. Every rolling element passing over the damage produces an impact, and the damage grows faster as it spreads.',
      indication:
        'At this stage the lines are also visible in the velocity or acceleration spectrum, with several harmonics, sidebands and a raised noise floor; the time signal shows repetitive impacts (high crest factor and kurtosis).',
      cause: bearingCause,
      suggestions: [
        'Plan the bearing replacement at the next stop; stop earlier if the level rises quickly.',
        'Check the bearing temperature and listen to it (stethoscope or ultrasound); check the lubrication.',
        'Shorten the measurement interval and confirm with a follow-up measurement in 7 days.',
        'Inspect the removed bearing to find the root cause (lubrication, fit, alignment, contamination).',
        'Check the alignment with a laser tool and the balance before restarting.',
      ],
    },
    gear_failure: {
      name: 'Gear failure',
      description:
        'A fault of a gear pair: worn, pitted, cracked or broken teeth, eccentric or misaligned gears, or backlash problems. It changes the load on the tooth mesh and modulates it at the speed of the shaft carrying the faulty gear.',
      indication:
        "Lines at the gear mesh frequency (number of teeth × shaft speed) and its harmonics with sidebands spaced at the speed of the faulty gear's shaft; a rising 2× or 3× mesh harmonic indicates wear or misalignment, one impulse per revolution in the time signal a cracked or broken tooth.",
      cause:
        'Tooth wear, pitting or scuffing from overload or poor lubrication, eccentric gears or bent shafts, gear misalignment, wrong backlash, worn gearbox bearings, a tooth damaged by a foreign object.',
      suggestions: [
        'Check the oil level and condition; take an oil sample for wear particle analysis.',
        'Inspect the teeth and the contact pattern through the inspection cover at the next stop.',
        'Check the gearbox bearings and the alignment of the input and output shafts.',
        'Confirm with a follow-up measurement in 14 days and trend the mesh frequency and its sidebands.',
      ],
    },
    insufficient_lubrication: {
      name: 'Insufficient lubrication',
      description:
        'The lubricant film in a rolling bearing is too thin, so metal-to-metal contact and friction occur between the rolling elements and the races. Without correction it leads to accelerated wear and bearing failure.',
      indication:
        'A raised high-frequency noise floor (typically 1–10 kHz) in the acceleration spectrum without dominant bearing lines, with the high-frequency band energy above the baseline; the level drops clearly after relubrication.',
      cause:
        'A missed or too long relubrication interval, wrong grease quantity or type, aged grease or grease contaminated with water or particles, a blocked grease line, too high a bearing temperature, overgreasing that churns the grease.',
      suggestions: [
        "Relubricate the bearing with the right grease and quantity following the manufacturer's interval.",
        'Check the grease line and nipple and that fresh grease reaches the bearing.',
        'Repeat the measurement 1–2 days after lubrication: the high-frequency level should drop.',
        'Review the relubrication interval and quantity in the maintenance plan.',
      ],
    },
    unidentified_fault: {
      name: 'Unidentified fault',
      description:
        "The vibration is clearly abnormal against the point's own baseline or the ISO 10816/20816 evaluation zones, but the spectrum does not match a known fault pattern. The machine condition has changed and needs further analysis.",
      indication:
        'The overall velocity level or band energies are above the baseline or the ISO 10816 zone limits, without a dominant pattern of running-speed harmonics or of bearing, gear or electrical lines.',
      cause:
        'Changed operating conditions (speed, load, process), several faults combined, a fault of a component whose kinematic data are not entered, or a structural change.',
      suggestions: [
        'Check whether the operating conditions (speed, load, process) have changed since the baseline.',
        "Complete the point's kinematic data (bearings, gears, belts, number of blades) so that the pattern can be identified.",
        'Inspect the machine: temperature, noise, leaks, loose parts.',
        'Confirm with a follow-up measurement in 7 days; call in a vibration analyst if the level keeps rising.',
      ],
    },
    impacting_failure: {
      name: 'Impacting',
      description:
        'Repeated mechanical impacts occur in the machine: rotating parts rubbing against stationary ones, loose parts striking, or excessive clearances. The impacts excite the natural frequencies of the structure and damage the contact surfaces.',
      indication:
        'Distinct impulses in the time signal with a high crest factor and kurtosis, periodic at running speed or a fraction of it, and a raised broadband floor or excited resonances in the acceleration spectrum.',
      cause:
        'Rubbing between rotor and seal, guard or casing; loose parts (coupling, fan, cover); excessive clearance in bearings or linkages; foreign objects; process impacts (crushers, presses).',
      suggestions: [
        'Inspect the machine for rubbing marks, loose parts and foreign objects.',
        'Check the clearances at seals, guards and couplings.',
        'Check the bearing clearance and the fastening of rotating parts.',
        'Confirm with a follow-up measurement in 7 days and compare the time signal with the baseline.',
      ],
    },
    misalignment: {
      name: 'Misalignment',
      description:
        'The centre lines of two coupled shafts do not coincide: angular misalignment, parallel (offset) misalignment or both. It loads the bearings and the coupling and is one of the most common causes of premature bearing failure.',
      indication:
        'A high 2× running speed relative to 1× (often above half of 1×) with high axial vibration; angular misalignment shows a high axial 1×, parallel misalignment a high radial 2×; the phase shifts by about 180° across the coupling.',
      cause:
        'Inadequate alignment at installation, thermal growth not allowed for, soft foot, pipe strain, settling of the foundation, a worn coupling, loosened hold-down bolts.',
      suggestions: [
        "Check the alignment with a laser alignment tool and realign to the coupling manufacturer's tolerances.",
        'Check and correct soft foot before aligning.',
        'Check for pipe strain and settling of the foundation.',
        'Inspect the coupling for wear and damage.',
        'Confirm with a follow-up measurement 7 days after realignment.',
      ],
    },
    resonance: {
      name: 'Resonance',
      description:
        'An excitation frequency (usually running speed or one of its harmonics) coincides with a natural frequency of the machine, its support structure or the piping. The vibration is then amplified many times, even by small forces.',
      indication:
        'A high peak at a frequency not explained by the kinematics, or a running-speed line much higher in one direction than in the others; the amplitude changes strongly with small speed changes and the phase shifts by about 90° through the resonance.',
      cause:
        'A base, frame or support that is too flexible, a structural change (removed bracing, cracked weld), a changed operating speed (variable frequency drives), added mass, deteriorated grout.',
      suggestions: [
        'Confirm the natural frequency with an impact (bump) test or a run-up/coast-down measurement.',
        'Avoid continuous operation in the critical speed range (lock out that speed band on the drive).',
        'Stiffen the structure or change its mass so that the natural frequency moves at least 10–20 % away from the excitation.',
        'Check the base, welds and bracing for cracks.',
        'Reduce the excitation itself (balancing, alignment).',
      ],
    },
    unbalance: {
      name: 'Unbalance',
      description:
        'The mass centre of the rotor does not lie on its axis of rotation, so a centrifugal force rotating at running speed acts on the bearings. The force grows with the square of the speed.',
      indication:
        'A dominant 1× running-speed line in the radial directions (horizontal and vertical) with low axial vibration and few harmonics; a sinusoidal time signal and a stable phase, horizontal and vertical about 90° apart.',
      cause:
        'Material build-up or wear on the rotor (fan blades, impellers), a lost balance weight, a broken blade, a rotor not balanced after repair, thermal bow, eccentrically mounted pulleys or couplings.',
      suggestions: [
        'Inspect the rotor (fan blades, impeller), clean off build-up and look for wear or missing parts.',
        'Balance the rotor in place (one or two planes) to the quality grade of ISO 21940-11.',
        'Check that the balance weights are present and firmly fixed.',
        'Confirm with a follow-up measurement 7 days after balancing.',
      ],
    },
    ski_slope: {
      name: 'Ski slope',
      description:
        'The velocity spectrum rises steeply towards the lowest frequencies, like a ski slope. It is usually a measurement artefact, low-frequency noise or a sensor transient amplified by the integration from acceleration to velocity, but it can also come from real low-frequency excitation.',
      indication:
        'The amplitude rises continuously towards 0 Hz in the velocity spectrum without discrete lines and often dominates the overall velocity level, while the acceleration spectrum does not show the same rise.',
      cause:
        'A sensor not settled after mounting, a thermal transient, sensor overload (clipping) or a damaged sensor, poor mounting or a loose magnet, cable noise; less often turbulence, rubbing or structural looseness at low frequency.',
      suggestions: [
        'Check the sensor mounting (clean flat surface, firm magnet or stud) and the cable.',
        "Repeat the measurement after a settling time and check the sensor's bias voltage.",
        "Use a high-pass filter (e.g. 2–10 Hz, below the machine's 1×) for the velocity calculation.",
        'If the slope remains in a clean measurement, look for low-frequency excitation (turbulence, looseness, rubbing).',
      ],
    },
    beat_phenomenon: {
      name: 'Beat',
      description:
        'Two vibrations with close frequencies add up to a signal whose amplitude rises and falls periodically at their frequency difference. A beat is not a defect in itself, but its peaks load the machine and it often reveals two interacting sources.',
      indication:
        'The time signal rises and falls periodically in amplitude with a period of 1/Δf; with a fine resolution the spectrum shows two close lines, e.g. 2× running speed and twice the mains frequency, or the speeds of two neighbouring machines.',
      cause:
        'Two machines with close speeds on a common base or structure, a motor whose 2× running speed lies near twice the mains frequency, two shafts with close speeds in one drive, a forcing frequency near a natural frequency.',
      suggestions: [
        'Identify the two sources: measure with a finer frequency resolution (longer record) and on the neighbouring machines.',
        'Check whether a neighbouring machine with a similar speed transmits vibration through the base or the piping.',
        'Where possible change the speed of one source or isolate the machines from each other.',
        'Confirm with a follow-up measurement, if possible with the neighbouring machine stopped.',
      ],
    },
    sensor_clipping: {
      name: 'Sensor clipping (range exceeded)',
      description:
        "The signal reached the limits of the accelerometer's measuring range and was cut off. This is a measurement problem, not a machine fault: the values and spectra of this measurement are not valid.",
      indication:
        'The time signal has flat tops at the same positive or negative value near the configured range; the spectrum shows false broadband energy and a ski slope.',
      cause:
        'A measuring range too small for the vibration level, strong impacts near the sensor, a loose sensor rattling on its mounting, a damaged sensor or cable.',
      suggestions: [
        'Check that the sensor is firmly mounted and does not rattle.',
        "Increase the accelerometer range in the point's profile and measure again.",
        'Check the sensor and the cable; replace a damaged sensor.',
        'If the strong impacts near the sensor are real, investigate them as a machine problem.',
      ],
    },
    sensor_dc_drift: {
      name: 'Sensor DC drift',
      description:
        'The mean value of the signal drifts slowly during the measurement. This is a problem of the sensor or the measurement chain, not a machine fault; the low-frequency content of this measurement is not reliable.',
      indication:
        'The mean of the time signal shifts or follows a slow curve within the record; the velocity spectrum shows a ski slope and the low-frequency lines are distorted.',
      cause:
        'A sensor not settled after mounting or power-up, a temperature transient, a damaged accelerometer or amplifier, moisture in the connector, a faulty cable, a bias voltage out of range.',
      suggestions: [
        "Check the sensor's bias voltage, the cable and the connector (moisture, corrosion).",
        'Measure again after a settling time.',
        'Check for temperature changes at the mounting point.',
        'Replace the sensor if the drift remains.',
      ],
    },
    sensor_flat_signal: {
      name: 'Flat or repeated sensor signal',
      description:
        'The signal is constant or repeats the same values and contains no real vibration. This is a problem of the sensor or the measurement chain, not a machine fault.',
      indication:
        'The time signal is flat (standard deviation near zero) or consists of identical repeated segments; the spectrum shows neither running-speed lines nor a noise floor.',
      cause:
        'A disconnected or broken cable, a dead sensor, no power to the sensor, a data acquisition fault, a stuck value repeated by the transmitting device.',
      suggestions: [
        'Check the cable and the connector and that the sensor is powered.',
        "Check the device's battery and its connection to the gateway.",
        'Measure again; if the signal stays flat, replace the sensor.',
        'Check that the measurement channel is assigned to the right sensor.',
      ],
    },
    sensor_placement_failure: {
      name: 'Sensor placement fault (sensor moved)',
      description:
        'The sensor appears to have moved, turned or come loose: the direction of the static acceleration (gravity) or the temperature changed suddenly. This is a measurement problem, not a machine fault; measurements after the change cannot be compared with the earlier ones.',
      indication:
        'A step of the static (DC) acceleration between the axes, or a sudden temperature step, between two measurements, often together with a step of the overall levels.',
      cause:
        'A magnet-mounted sensor knocked or moved during maintenance, a loosened stud or adhesive, the sensor remounted at another position or in another orientation, the sensor fallen off.',
      suggestions: [
        'Check the sensor at the point: firmly attached, at the marked position and in the right orientation?',
        'Remount it at the marked position (clean surface, stud or strong magnet) and measure again.',
        'If the new position is intended, record a completed maintenance so that a new baseline is learned.',
        'Mark the mounting position so that later remounting is repeatable.',
      ],
    },
  },
};
